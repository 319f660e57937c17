<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="nb_NO" sourcelanguage="en">
<context>
    <name>AdjustmentBar</name>
    <message>
        <source>Fit  [Alt+F]</source>
        <translation>Tilpass  [Alt+F]</translation>
    </message>
    <message>
        <source>Fit each image in its frame</source>
        <translation>Tilpass hvert bilde til rammen sin</translation>
    </message>
    <message>
        <source>1:1  [Alt+1]</source>
        <translation>1:1  [Alt+1]</translation>
    </message>
    <message>
        <source>One image pixel per screen pixel</source>
        <translation>Én bildepiksel per skjermpiksel</translation>
    </message>
    <message>
        <source>Brightness</source>
        <translation>Lysstyrke</translation>
    </message>
    <message>
        <source>Contrast</source>
        <translation>Kontrast</translation>
    </message>
    <message>
        <source>Local contrast (CLAHE)</source>
        <translation>Lokal kontrast (CLAHE)</translation>
    </message>
    <message>
        <source>Contrast-limited adaptive histogram equalisation: brings out detail in dark and bright regions</source>
        <translation>Kontrastbegrenset adaptiv histogramutjevning: får fram detaljer i mørke og lyse områder</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Tilbakestill</translation>
    </message>
    <message>
        <source>Fit, and undo every adjustment</source>
        <translation>Tilpass og angre alle justeringer</translation>
    </message>
</context>
<context>
    <name>BestWorstWidget</name>
    <message>
        <source>Best</source>
        <translation>Best</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>Dårligst</translation>
    </message>
    <message>
        <source>1–{n}: first the “{best}”, then the “{worst}” · Backspace: take back the last pick</source>
        <translation>1–{n}: først «{best}», deretter «{worst}» · Backspace: angre det siste valget</translation>
    </message>
    <message>
        <source>{role}: card {n}</source>
        <translation>{role}: kort {n}</translation>
    </message>
    <message>
        <source>Both picked. A number now changes the “{worst}”.</source>
        <translation>Begge er valgt. Et tall endrer nå «{worst}».</translation>
    </message>
    <message>
        <source>Now pick the “{role}”.</source>
        <translation>Velg nå «{role}».</translation>
    </message>
</context>
<context>
    <name>CardsStimulusWidget</name>
    <message numerus="yes">
        <source>%Ln card(s) to sort below.</source>
        <translation>
            <numerusform>%Ln kort å sortere nedenfor.</numerusform>
            <numerusform>%Ln kort å sortere nedenfor.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChoiceWidget</name>
    <message>
        <source>, or 1–{last} in order</source>
        <translation>, eller 1–{last} i rekkefølge</translation>
    </message>
</context>
<context>
    <name>ClusteringWidget</name>
    <message>
        <source>arrows select a card · 1–9 put it in that group, 0 back · Ctrl+N new group with it · F2 rename · Del delete an empty group · or drag the cards</source>
        <translation>piler velger et kort · 1–9 legger det i den gruppen, 0 tilbake · Ctrl+N ny gruppe med det · F2 gi nytt navn · Del slett en tom gruppe · eller dra kortene</translation>
    </message>
    <message>
        <source>+  New group  [Ctrl+N]</source>
        <translation>+  Ny gruppe  [Ctrl+N]</translation>
    </message>
    <message>
        <source>Drop a card here to start a group with it</source>
        <translation>Slipp et kort her for å starte en gruppe med det</translation>
    </message>
    <message numerus="yes">
        <source>This question asks for exactly %Ln group(s).</source>
        <translation>
            <numerusform>Dette spørsmålet krever nøyaktig %Ln gruppe.</numerusform>
            <numerusform>Dette spørsmålet krever nøyaktig %Ln grupper.</numerusform>
        </translation>
    </message>
    <message>
        <source>Move its cards out first, or use the group&apos;s ✕ button.</source>
        <translation>Flytt kortene ut først, eller bruk gruppens ✕-knapp.</translation>
    </message>
    <message numerus="yes">
        <source>Not grouped yet (%Ln)</source>
        <translation>
            <numerusform>Ikke i en gruppe ennå (%Ln)</numerusform>
            <numerusform>Ikke i en gruppe ennå (%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <source>Every card is in a group.</source>
        <translation>Alle kortene er i en gruppe.</translation>
    </message>
    <message>
        <source>Group {n}</source>
        <translation>Gruppe {n}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln card(s) not in a group yet</source>
        <translation>
            <numerusform>%Ln kort er ennå ikke i en gruppe</numerusform>
            <numerusform>%Ln kort er ennå ikke i en gruppe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>make exactly %Ln group(s) ({filled} hold cards)</source>
        <translation>
            <numerusform>lag nøyaktig %Ln gruppe ({filled} har kort)</numerusform>
            <numerusform>lag nøyaktig %Ln grupper ({filled} har kort)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>give every group a name of its own (%Ln still called “{name}”)</source>
        <translation>
            <numerusform>gi hver gruppe sitt eget navn (%Ln heter fortsatt «{name}»)</numerusform>
            <numerusform>gi hver gruppe sitt eget navn (%Ln heter fortsatt «{name}» og lignende)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“{name}” (%Ln card(s))</source>
        <translation>
            <numerusform>«{name}» (%Ln kort)</numerusform>
            <numerusform>«{name}» (%Ln kort)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln group(s): {groups}</source>
        <translation>
            <numerusform>%Ln gruppe: {groups}</numerusform>
            <numerusform>%Ln grupper: {groups}</numerusform>
        </translation>
    </message>
    <message>
        <source>Cards not grouped yet have no group to rename: put the card in a group first (1–9, or Ctrl+N for a new one), then F2.</source>
        <translation>Kort som ikke er i en gruppe ennå, har ingen gruppe å gi nytt navn: legg først kortet i en gruppe (1–9, eller Ctrl+N for en ny), og trykk så F2.</translation>
    </message>
</context>
<context>
    <name>CodeInUseScreen</name>
    <message>
        <source>less than a minute ago</source>
        <translation>for under et minutt siden</translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>for %Ln minutt siden</numerusform>
            <numerusform>for %Ln minutter siden</numerusform>
        </translation>
    </message>
    <message>
        <source>**{code}** was last answering {when} in a session that was not closed.

If {code} is working on another computer or in another window now, go back and finish there: two places answering as one code record the same items twice.

If that computer crashed or was switched off, continue here: nothing saved is lost.</source>
        <translation>**{code}** svarte sist {when} i en økt som ikke ble lukket.

Hvis {code} arbeider på en annen datamaskin eller i et annet vindu nå, gå tilbake og gjør ferdig der: to steder som svarer med samme kode, registrerer de samme oppgavene to ganger.

Hvis den datamaskinen krasjet eller ble slått av, fortsett her: ingenting som er lagret, går tapt.</translation>
    </message>
    <message>
        <source>Is {code} answering somewhere else?</source>
        <translation>Svarer {code} et annet sted?</translation>
    </message>
    <message>
        <source>Continue here</source>
        <translation>Fortsett her</translation>
    </message>
    <message>
        <source>Go back  (Esc)</source>
        <translation>Gå tilbake  (Esc)</translation>
    </message>
</context>
<context>
    <name>Column</name>
    <message>
        <source>Rename this group  [F2]</source>
        <translation>Gi denne gruppen nytt navn  [F2]</translation>
    </message>
    <message>
        <source>Delete this group; its cards go back  [Del]</source>
        <translation>Slett denne gruppen; kortene går tilbake  [Del]</translation>
    </message>
    <message>
        <source>Drop cards here</source>
        <translation>Slipp kort her</translation>
    </message>
    <message>
        <source>Every card is in a group</source>
        <translation>Alle kortene er i en gruppe</translation>
    </message>
</context>
<context>
    <name>ConsentScreen</name>
    <message>
        <source>Consent</source>
        <translation>Samtykke</translation>
    </message>
    <message>
        <source>I have read the above and agree to take part.</source>
        <translation>Jeg har lest teksten over og samtykker i å delta.</translation>
    </message>
    <message>
        <source>Space ticks the box, Enter continues, Esc declines.</source>
        <translation>Mellomrom krysser av, Enter fortsetter, Esc avslår.</translation>
    </message>
    <message>
        <source>I do not agree</source>
        <translation>Jeg samtykker ikke</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>Fortsett  ⏎</translation>
    </message>
    <message>
        <source>Do you want to decline? Press Esc again to decline, or tick the box to take part.</source>
        <translation>Vil du si nei? Trykk Esc igjen for å si nei, eller kryss av i boksen for å delta.</translation>
    </message>
</context>
<context>
    <name>Feedback</name>
    <message>
        <source>no answer</source>
        <translation>ikke noe svar</translation>
    </message>
    <message>
        <source>✓ **Correct:** {answer}</source>
        <translation>✓ **Riktig:** {answer}</translation>
    </message>
    <message>
        <source>✗ **Not quite.** The expected answer: {answer}</source>
        <translation>✗ **Ikke helt.** Forventet svar: {answer}</translation>
    </message>
    <message>
        <source>⏱ **Time ran out** before an answer. The expected answer: {answer}</source>
        <translation>⏱ **Tiden gikk ut** før et svar. Det forventede svaret: {answer}</translation>
    </message>
</context>
<context>
    <name>FontZoom</name>
    <message>
        <source>Larger text</source>
        <translation>Større tekst</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>Mindre tekst</translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation>Normal tekststørrelse</translation>
    </message>
</context>
<context>
    <name>ImagePanel</name>
    <message>
        <source>Image {n}</source>
        <translation>Bilde {n}</translation>
    </message>
</context>
<context>
    <name>ImageViewer</name>
    <message>
        <source>Alt+F</source>
        <translation>Alt+F</translation>
    </message>
    <message>
        <source>fit the images</source>
        <translation>tilpass bildene</translation>
    </message>
    <message>
        <source>Alt+1</source>
        <translation>Alt+1</translation>
    </message>
    <message>
        <source>actual size (1:1)</source>
        <translation>faktisk størrelse (1:1)</translation>
    </message>
    <message>
        <source>Alt + / Alt −</source>
        <translation>Alt + / Alt −</translation>
    </message>
    <message>
        <source>zoom in / out (or the mouse wheel)</source>
        <translation>zoom inn / ut (eller musehjulet)</translation>
    </message>
    <message>
        <source>Alt+arrows</source>
        <translation>Alt+piler</translation>
    </message>
    <message>
        <source>move around a zoomed image (or drag it)</source>
        <translation>flytt rundt i et forstørret bilde (eller dra i det)</translation>
    </message>
    <message>
        <source>Alt+] / Alt+[</source>
        <translation>Alt+] / Alt+[</translation>
    </message>
    <message>
        <source>DICOM: wider / narrower window (or drag across with the right button)</source>
        <translation>DICOM: bredere / smalere vindu (eller dra sidelengs med høyre knapp)</translation>
    </message>
    <message>
        <source>Alt+PgUp / Alt+PgDn</source>
        <translation>Alt+PgUp / Alt+PgDn</translation>
    </message>
    <message>
        <source>DICOM: raise / lower the level (or drag up and down with the right button)</source>
        <translation>DICOM: hev / senk nivået (eller dra opp og ned med høyre knapp)</translation>
    </message>
    <message>
        <source>Alt+I · Alt+0 · Alt+2..9</source>
        <translation>Alt+I · Alt+0 · Alt+2..9</translation>
    </message>
    <message>
        <source>DICOM: invert · the file&apos;s window · the study&apos;s presets</source>
        <translation>DICOM: inverter · filens vindu · studiens forhåndsinnstillinger</translation>
    </message>
    <message>
        <source>Alt+. / Alt+,</source>
        <translation>Alt+. / Alt+,</translation>
    </message>
    <message>
        <source>DICOM: next / previous frame (or the slider under a multi-frame image)</source>
        <translation>DICOM: neste / forrige bilde i serien (eller glidebryteren under et bilde med flere)</translation>
    </message>
    <message>
        <source>This image cannot be shown.

{message}</source>
        <translation>Dette bildet kan ikke vises.

{message}</translation>
    </message>
    <message>
        <source>W {width} · L {level}</source>
        <translation>W {width} · L {level}</translation>
    </message>
    <message>
        <source>inverted</source>
        <translation>invertert</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>Bilde i serien</translation>
    </message>
    <message>
        <source>frame {n} of {total}</source>
        <translation>bilde {n} av {total}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>ukjent feil</translation>
    </message>
    <message>
        <source>Alt+B / Alt+Shift+B</source>
        <translation>Alt+B / Alt+Shift+B</translation>
    </message>
    <message>
        <source>brighter / darker</source>
        <translation>lysere / mørkere</translation>
    </message>
    <message>
        <source>Alt+C / Alt+Shift+C</source>
        <translation>Alt+C / Alt+Shift+C</translation>
    </message>
    <message>
        <source>more / less contrast</source>
        <translation>mer / mindre kontrast</translation>
    </message>
</context>
<context>
    <name>InlineImage</name>
    <message>
        <source>Image {name}</source>
        <translation>Bilde {name}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>ukjent feil</translation>
    </message>
    <message>
        <source>This image cannot be shown.
{message}</source>
        <translation>Dette bildet kan ikke vises.
{message}</translation>
    </message>
    <message>
        <source>Loading image…</source>
        <translation>Laster inn bilde…</translation>
    </message>
</context>
<context>
    <name>KeyHelp</name>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>move to the next / previous field or button</source>
        <translation>gå til neste / forrige felt eller knapp</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>the highlighted button</source>
        <translation>den uthevede knappen</translation>
    </message>
    <message>
        <source>Ctrl + / Ctrl −</source>
        <translation>Ctrl + / Ctrl −</translation>
    </message>
    <message>
        <source>larger / smaller text</source>
        <translation>større / mindre tekst</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this list of keys</source>
        <translation>denne listen over taster</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>Taster på denne skjermen</translation>
    </message>
    <message>
        <source>F1, Esc or Enter closes this list.</source>
        <translation>F1, Esc eller Enter lukker denne listen.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Lukk</translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>Language</source>
        <translation>Språk</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&lt;b&gt;Demo study:&lt;/b&gt; illustrative content, not real benchmark data</source>
        <translation>&lt;b&gt;Demostudie:&lt;/b&gt; illustrerende innhold, ikke ekte referansedata</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Vis</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>Fullskjerm</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hjelp</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>Taster på denne skjermen</translation>
    </message>
    <message>
        <source>&amp;Designer</source>
        <translation>&amp;Designer</translation>
    </message>
    <message>
        <source>Designer mode…</source>
        <translation>Designermodus…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Avslutt</translation>
    </message>
    <message>
        <source>Something went wrong while {label}: {error}</source>
        <translation>Noe gikk galt under {label}: {error}</translation>
    </message>
</context>
<context>
    <name>MessageScreen</name>
    <message>
        <source>Continue</source>
        <translation>Fortsett</translation>
    </message>
    <message>
        <source>{button}  (Space)</source>
        <translation>{button}  (Mellomrom)</translation>
    </message>
    <message>
        <source>{title} (practice)</source>
        <translation>{title} (øving)</translation>
    </message>
    <message numerus="yes">
        <source>You have answered **{done} of %Ln** items.

Take a short break if you like: stretch, rest your eyes. Time on this screen does not count. Continue when you are ready.</source>
        <translation>
            <numerusform>Du har svart på **{done} av %Ln** oppgave.

Ta en kort pause om du vil: strekk deg, hvil øynene. Tiden på denne skjermen teller ikke. Fortsett når du er klar.</numerusform>
            <numerusform>Du har svart på **{done} av %Ln** oppgaver.

Ta en kort pause om du vil: strekk deg, hvil øynene. Tiden på denne skjermen teller ikke. Fortsett når du er klar.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your next reading session is not open yet</source>
        <translation>Den neste leseøkten din er ikke åpen ennå</translation>
    </message>
    <message>
        <source>This reading session is finished</source>
        <translation>Denne leseøkten er ferdig</translation>
    </message>
    <message>
        <source>The study asks for a pause between reading sessions, so that every case is read afresh. Your next session opens on **{when}**: please come back then, with the same code.</source>
        <translation>Studien ber om en pause mellom leseøktene, slik at hvert tilfelle leses på nytt. Den neste økten din åpner **{when}**: kom tilbake da, med den samme koden.</translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code. The next one opens on **{when}**.</source>
        <translation>
            <numerusform>%n leseøkt til gjenstår, med den samme koden. Den neste åpner **{when}**.</numerusform>
            <numerusform>%n leseøkter til gjenstår, med den samme koden. Den neste åpner **{when}**.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code: the next one can start now.</source>
        <translation>
            <numerusform>%n leseøkt til gjenstår, med den samme koden: den neste kan begynne nå.</numerusform>
            <numerusform>%n leseøkter til gjenstår, med den samme koden: den neste kan begynne nå.</numerusform>
        </translation>
    </message>
    <message>
        <source>**Thank you!** Your answers are saved.</source>
        <translation>**Takk!** Svarene dine er lagret.</translation>
    </message>
    <message numerus="yes">
        <source>You answered {done} of %Ln items.</source>
        <translation>
            <numerusform>Du svarte på {done} av %Ln oppgave.</numerusform>
            <numerusform>Du svarte på {done} av %Ln oppgaver.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your score on the items with a right answer: **{score}**.</source>
        <translation>Resultatet ditt på oppgavene med et riktig svar: **{score}**.</translation>
    </message>
    <message>
        <source>Please tell the study team that you have finished.</source>
        <translation>Si fra til studieteamet at du er ferdig.</translation>
    </message>
</context>
<context>
    <name>PairStimulusWidget</name>
    <message>
        <source>Sentence 1</source>
        <translation>Setning 1</translation>
    </message>
    <message>
        <source>Sentence 2</source>
        <translation>Setning 2</translation>
    </message>
</context>
<context>
    <name>PairwiseWidget</name>
    <message>
        <source>About the same</source>
        <translation>Omtrent like gode</translation>
    </message>
    <message>
        <source>The left one is better</source>
        <translation>Den venstre er bedre</translation>
    </message>
    <message>
        <source>The right one is better</source>
        <translation>Den høyre er bedre</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one · T: about the same</source>
        <translation>← eller A: den venstre · → eller B: den høyre · T: omtrent like gode</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one</source>
        <translation>← eller A: den venstre · → eller B: den høyre</translation>
    </message>
    <message>
        <source>the left one</source>
        <translation>den venstre</translation>
    </message>
    <message>
        <source>the right one</source>
        <translation>den høyre</translation>
    </message>
</context>
<context>
    <name>ParticipantFlow</name>
    <message>
        <source>Something went wrong while checking {code}: {error}</source>
        <translation>Noe gikk galt under kontrollen av {code}: {error}</translation>
    </message>
    <message>
        <source>You did not agree to take part</source>
        <translation>Du samtykket ikke i å delta</translation>
    </message>
    <message>
        <source>No session was started and none of your answers were recorded. Thank you for your time.

If you declined by mistake, or have a question about the study, please tell the study staff.</source>
        <translation>Ingen økt ble startet, og ingen av svarene dine ble registrert. Takk for at du tok deg tid.

Hvis du avslo ved en feil, eller har et spørsmål om studien, si fra til studiepersonalet.</translation>
    </message>
    <message>
        <source>Back to the start</source>
        <translation>Tilbake til start</translation>
    </message>
    <message numerus="yes">
        <source>Welcome back: {answered} of %Ln items answered. You continue where you stopped.</source>
        <translation>
            <numerusform>Velkommen tilbake: {answered} av %Ln oppgave besvart. Du fortsetter der du slapp.</numerusform>
            <numerusform>Velkommen tilbake: {answered} av %Ln oppgaver besvart. Du fortsetter der du slapp.</numerusform>
        </translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Instruksjoner</translation>
    </message>
    <message>
        <source>Welcome back</source>
        <translation>Velkommen tilbake</translation>
    </message>
    <message>
        <source>Begin</source>
        <translation>Begynn</translation>
    </message>
    <message>
        <source>Something went wrong while {what}: {error}</source>
        <translation>Noe gikk galt under {what}: {error}</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Break</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Ferdig</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Ferdig</translation>
    </message>
    <message>
        <source>the session is not open</source>
        <translation>økten er ikke åpen</translation>
    </message>
</context>
<context>
    <name>ParticipantScreen</name>
    <message>
        <source>a participant code is required</source>
        <translation>en deltakerkode er påkrevd</translation>
    </message>
    <message>
        <source>a participant code has at most {n} characters</source>
        <translation>en deltakerkode har høyst {n} tegn</translation>
    </message>
    <message>
        <source>a participant code cannot contain control or invisible characters</source>
        <translation>en deltakerkode kan ikke inneholde kontrolltegn eller usynlige tegn</translation>
    </message>
    <message>
        <source>this looks like an e-mail address; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>dette ser ut som en e-postadresse; deltakerkoder er pseudonymer (for eksempel P017): oppbevar koblingen til personen utenfor Baseline Studio</translation>
    </message>
    <message>
        <source>this looks like a phone number; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>dette ser ut som et telefonnummer; deltakerkoder er pseudonymer (for eksempel P017): oppbevar koblingen til personen utenfor Baseline Studio</translation>
    </message>
    <message>
        <source>please fill this in</source>
        <translation>fyll ut dette</translation>
    </message>
    <message>
        <source>choose one of the options</source>
        <translation>velg ett av alternativene</translation>
    </message>
    <message>
        <source>{value} is not a number</source>
        <translation>{value} er ikke et tall</translation>
    </message>
    <message>
        <source>at least {value}</source>
        <translation>minst {value}</translation>
    </message>
    <message>
        <source>at most {value}</source>
        <translation>høyst {value}</translation>
    </message>
    <message>
        <source>the code on your card, e.g. P001</source>
        <translation>koden på kortet ditt, for eksempel P001</translation>
    </message>
    <message>
        <source>Participant code</source>
        <translation>Deltakerkode</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Tilbake</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>Fortsett  ⏎</translation>
    </message>
    <message>
        <source>This code has already answered every item of this study. Check the code, or ask the study staff.</source>
        <translation>Denne koden har allerede svart på alle oppgavene i studien. Sjekk koden, eller spør studiepersonalet.</translation>
    </message>
    <message>
        <source>This looks like a person&apos;s name; participant codes should be pseudonyms (such as P017).</source>
        <translation>Dette ser ut som et personnavn; deltakerkoder bør være pseudonymer (for eksempel P017).</translation>
    </message>
    <message>
        <source>This is not one of this study&apos;s codes: check the card you were given.</source>
        <translation>Dette er ikke en av studiens koder: sjekk kortet du fikk.</translation>
    </message>
    <message>
        <source>**Practice is over.** From now on your answers count and no feedback is given.</source>
        <translation>**Øvingen er over.** Fra nå av teller svarene dine, og du får ingen tilbakemelding.</translation>
    </message>
</context>
<context>
    <name>PausePage</name>
    <message>
        <source>Paused</source>
        <translation>Satt på pause</translation>
    </message>
    <message>
        <source>The item is hidden and the clock is stopped. Your answers so far are kept.</source>
        <translation>Oppgaven er skjult, og klokken er stoppet. Svarene dine så langt er tatt vare på.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsett</translation>
    </message>
    <message>
        <source>or press {keys}</source>
        <translation>eller trykk {keys}</translation>
    </message>
</context>
<context>
    <name>PoemStimulusWidget</name>
    <message>
        <source>Prompt</source>
        <translation>Oppgave</translation>
    </message>
    <message>
        <source>Form: {form}    ·    Theme: {theme}</source>
        <translation>Form: {form}    ·    Tema: {theme}</translation>
    </message>
</context>
<context>
    <name>ProfileForm</name>
    <message>
        <source>Choose…</source>
        <translation>Velg…</translation>
    </message>
    <message>
        <source>a number ({low} to {high})</source>
        <translation>et tall ({low} til {high})</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>et tall</translation>
    </message>
    <message>
        <source>  (optional)</source>
        <translation>  (valgfritt)</translation>
    </message>
</context>
<context>
    <name>QueryStimulusWidget</name>
    <message>
        <source>Query</source>
        <translation>Spørring</translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s), shown with the question.</source>
        <translation>
            <numerusform>%Ln dokument, vist sammen med spørsmålet.</numerusform>
            <numerusform>%Ln dokumenter, vist sammen med spørsmålet.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuestionPanel</name>
    <message>
        <source>Optional.</source>
        <translation>Valgfritt.</translation>
    </message>
    <message>
        <source>Question {n} (“{prompt}”)</source>
        <translation>Spørsmål {n} («{prompt}»)</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>Spørsmål {n}</translation>
    </message>
    <message>
        <source>“{prompt}”</source>
        <translation>«{prompt}»</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>Spørsmålet</translation>
    </message>
</context>
<context>
    <name>QuitQuestion</name>
    <message>
        <source>Quit?</source>
        <translation>Avslutte?</translation>
    </message>
    <message>
        <source>Your answered items are saved. Quit?</source>
        <translation>Oppgavene du har svart på, er lagret. Vil du avslutte?</translation>
    </message>
    <message>
        <source>You can come back later with the same code and go on where you stopped.</source>
        <translation>Du kan komme tilbake senere med samme kode og fortsette der du slapp.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Avslutt</translation>
    </message>
    <message>
        <source>Keep going</source>
        <translation>Fortsett arbeidet</translation>
    </message>
</context>
<context>
    <name>RankingWidget</name>
    <message>
        <source>Keep this order  [Space]</source>
        <translation>Behold denne rekkefølgen  [Mellomrom]</translation>
    </message>
    <message>
        <source>↑ ↓ select · Ctrl+↑ / Ctrl+↓ move the selected entry · drag with the mouse</source>
        <translation>↑ ↓ velg · Ctrl+↑ / Ctrl+↓ flytt det valgte punktet · dra med musen</translation>
    </message>
    <message>
        <source>Order recorded; you can still change it.</source>
        <translation>Rekkefølgen er registrert; du kan fortsatt endre den.</translation>
    </message>
    <message>
        <source>Put the best first. The order counts once you move an entry or keep it as it is.</source>
        <translation>Sett det beste først. Rekkefølgen teller når du flytter et punkt eller beholder den som den er.</translation>
    </message>
</context>
<context>
    <name>RatingWidget</name>
    <message>
        <source>N or 0</source>
        <translation>N eller 0</translation>
    </message>
    <message>
        <source>{low}–{high} pick a value</source>
        <translation>{low}–{high} velg en verdi</translation>
    </message>
    <message>
        <source>1–{last} pick a point</source>
        <translation>1–{last} velg et punkt</translation>
    </message>
    <message>
        <source>← → move</source>
        <translation>← → flytt</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>ikke noe svar ennå</translation>
    </message>
    <message>
        <source>N/A</source>
        <translation>Ikke relevant</translation>
    </message>
</context>
<context>
    <name>RelevanceWidget</name>
    <message numerus="yes">
        <source>{grade}: %Ln document(s)</source>
        <translation>
            <numerusform>{grade}: %Ln dokument</numerusform>
            <numerusform>{grade}: %Ln dokumenter</numerusform>
        </translation>
    </message>
    <message>
        <source>Document {n}: {grade}</source>
        <translation>Dokument {n}: {grade}</translation>
    </message>
    <message>
        <source>↑ ↓ choose a document · {keys} (then the next one) · Space toggles</source>
        <translation>↑ ↓ velg et dokument · {keys} (deretter det neste) · Mellomrom veksler</translation>
    </message>
    <message numerus="yes">
        <source>{done} of %Ln document(s) judged</source>
        <translation>
            <numerusform>{done} av %Ln dokument vurdert</numerusform>
            <numerusform>{done} av %Ln dokumenter vurdert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln document(s) judged</source>
        <translation>
            <numerusform>%Ln dokument vurdert</numerusform>
            <numerusform>Alle %Ln dokumenter vurdert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResponseWidget</name>
    <message>
        <source>Keys: {keys}</source>
        <translation>Taster: {keys}</translation>
    </message>
</context>
<context>
    <name>RichTextView</name>
    <message>
        <source>[image missing]</source>
        <translation>[bilde mangler]</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>opening the session</source>
        <translation>åpning av økten</translation>
    </message>
    <message>
        <source>registering the study version</source>
        <translation>registrering av studiens versjon</translation>
    </message>
    <message>
        <source>finding the next screen</source>
        <translation>søk etter neste skjerm</translation>
    </message>
    <message>
        <source>recording the introduction as read</source>
        <translation>registrering av introduksjonen som lest</translation>
    </message>
    <message>
        <source>starting the break</source>
        <translation>start av pausen</translation>
    </message>
    <message>
        <source>ending the break</source>
        <translation>avslutning av pausen</translation>
    </message>
    <message>
        <source>logging {kind}</source>
        <translation>logging av {kind}</translation>
    </message>
    <message>
        <source>flagging a stimulus problem</source>
        <translation>markering av et problem med materialet</translation>
    </message>
    <message>
        <source>closing the session</source>
        <translation>lukking av økten</translation>
    </message>
</context>
<context>
    <name>TextWidget</name>
    <message>
        <source>Your comment</source>
        <translation>Din kommentar</translation>
    </message>
    <message>
        <source>Your comment (optional)</source>
        <translation>Din kommentar (valgfritt)</translation>
    </message>
    <message>
        <source>click the box or Tab to it, then type; Tab or Esc leaves it</source>
        <translation>klikk i feltet eller gå til det med Tab, og skriv; Tab eller Esc forlater det</translation>
    </message>
</context>
<context>
    <name>TrialHeader</name>
    <message>
        <source>Practice</source>
        <translation>Øving</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Hoveddel</translation>
    </message>
    <message>
        <source>practice: you will see the right answer</source>
        <translation>øving: du får se det riktige svaret</translation>
    </message>
    <message>
        <source>Item {n} of {of} in this part  ·  {done} of {total} done</source>
        <translation>Oppgave {n} av {of} i denne delen  ·  {done} av {total} ferdig</translation>
    </message>
    <message>
        <source>Item {n} of {total}</source>
        <translation>Oppgave {n} av {total}</translation>
    </message>
</context>
<context>
    <name>TrialScreen</name>
    <message>
        <source>To write a comment, click its box (or press Tab until you reach it), then type.</source>
        <translation>For å skrive en kommentar klikker du i feltet (eller trykker Tab til du kommer dit), og så skriver du.</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>P / Esc</source>
        <translation>P / Esc</translation>
    </message>
    <message>
        <source>P or Esc</source>
        <translation>P eller Esc</translation>
    </message>
    <message>
        <source>{name} still needs an answer.</source>
        <translation>{name} mangler fortsatt et svar.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln more question(s) also need one.</source>
        <translation>
            <numerusform>%Ln spørsmål til mangler også svar.</numerusform>
            <numerusform>%Ln spørsmål til mangler også svar.</numerusform>
        </translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Mellomrom</translation>
    </message>
    <message>
        <source>show the item</source>
        <translation>vis oppgaven</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this list of keys</source>
        <translation>denne listen over taster</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>Spørsmål {n}</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Svar</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>submit the answers, or go to the question still open</source>
        <translation>send inn svarene, eller gå til spørsmålet som fortsatt er åpent</translation>
    </message>
    <message>
        <source> (in a comment box: Ctrl+Enter)</source>
        <translation> (i et kommentarfelt: Ctrl+Enter)</translation>
    </message>
    <message>
        <source>pause: the item is hidden and the clock stops</source>
        <translation>pause: oppgaven skjules, og klokken stopper</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>next / previous question, in reading order</source>
        <translation>neste / forrige spørsmål i leserekkefølge</translation>
    </message>
    <message>
        <source>Press Space when you are ready.</source>
        <translation>Trykk på mellomrom når du er klar.</translation>
    </message>
    <message>
        <source>Loading the images…</source>
        <translation>Laster inn bildene…</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Submit  ⏎</source>
        <translation>Send inn  ⏎</translation>
    </message>
    <message>
        <source>Your answer key submits at once</source>
        <translation>Svartasten sender svaret med en gang</translation>
    </message>
    <message>
        <source>Enter submits · from a comment box, Ctrl+Enter</source>
        <translation>Enter sender inn · fra et kommentarfelt Ctrl+Enter</translation>
    </message>
    <message>
        <source>Enter submits</source>
        <translation>Enter sender inn</translation>
    </message>
    <message>
        <source>Pause  ({keys})</source>
        <translation>Pause  ({keys})</translation>
    </message>
    <message>
        <source>Continue  (Space)</source>
        <translation>Fortsett  (Mellomrom)</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Lagrer…</translation>
    </message>
    <message>
        <source>Time is up.</source>
        <translation>Tiden er ute.</translation>
    </message>
    <message>
        <source>Press Space to go on.</source>
        <translation>Trykk på mellomrom for å fortsette.</translation>
    </message>
    <message>
        <source>**Could not save your answer:** {message}  
Your answers are kept. Press Submit to try again, or call the study team.</source>
        <translation>**Kunne ikke lagre svaret ditt:** {message}  
Svarene dine er tatt vare på. Trykk Send inn for å prøve igjen, eller tilkall studieteamet.</translation>
    </message>
    <message>
        <source>Try again  ⏎</source>
        <translation>Prøv igjen  ⏎</translation>
    </message>
    <message>
        <source>**Check before you submit:** {answer}.  
Press Enter (or Confirm) again to submit.</source>
        <translation>**Sjekk før du sender inn:** {answer}.  
Trykk Enter (eller Bekreft) igjen for å sende inn.</translation>
    </message>
    <message>
        <source>Confirm  ⏎</source>
        <translation>Bekreft  ⏎</translation>
    </message>
    <message>
        <source>Time left: {seconds} s</source>
        <translation>Tid igjen: {seconds} s</translation>
    </message>
    <message>
        <source>Your answer key</source>
        <translation>Svartasten din</translation>
    </message>
    <message>
        <source>submits at once (no Enter)</source>
        <translation>sender med en gang (uten Enter)</translation>
    </message>
</context>
</TS>
