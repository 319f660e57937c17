<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="da_DK" sourcelanguage="en">
<context>
    <name>AdjustmentBar</name>
    <message>
        <source>Fit  [Alt+F]</source>
        <translation>Tilpas  [Alt+F]</translation>
    </message>
    <message>
        <source>Fit each image in its frame</source>
        <translation>Tilpas hvert billede til sin ramme</translation>
    </message>
    <message>
        <source>1:1  [Alt+1]</source>
        <translation>1:1  [Alt+1]</translation>
    </message>
    <message>
        <source>One image pixel per screen pixel</source>
        <translation>Én billedpixel pr. skærmpixel</translation>
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
        <translation>Kontrastbegrænset adaptiv histogramudligning: fremhæver detaljer i mørke og lyse områder</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Nulstil</translation>
    </message>
    <message>
        <source>Fit, and undo every adjustment</source>
        <translation>Tilpas og fortryd alle justeringer</translation>
    </message>
</context>
<context>
    <name>BestWorstWidget</name>
    <message>
        <source>Best</source>
        <translation>Bedst</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>Dårligst</translation>
    </message>
    <message>
        <source>1–{n}: first the “{best}”, then the “{worst}” · Backspace: take back the last pick</source>
        <translation>1–{n}: først “{best}”, derefter “{worst}” · Backspace: fortryd det seneste valg</translation>
    </message>
    <message>
        <source>{role}: card {n}</source>
        <translation>{role}: kort {n}</translation>
    </message>
    <message>
        <source>Both picked. A number now changes the “{worst}”.</source>
        <translation>Begge er valgt. Et tal ændrer nu “{worst}”.</translation>
    </message>
    <message>
        <source>Now pick the “{role}”.</source>
        <translation>Vælg nu “{role}”.</translation>
    </message>
</context>
<context>
    <name>CardsStimulusWidget</name>
    <message numerus="yes">
        <source>%Ln card(s) to sort below.</source>
        <translation>
            <numerusform>%Ln kort at sortere nedenfor.</numerusform>
            <numerusform>%Ln kort at sortere nedenfor.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChoiceWidget</name>
    <message>
        <source>, or 1–{last} in order</source>
        <translation>, eller 1–{last} i rækkefølge</translation>
    </message>
</context>
<context>
    <name>ClusteringWidget</name>
    <message>
        <source>arrows select a card · 1–9 put it in that group, 0 back · Ctrl+N new group with it · F2 rename · Del delete an empty group · or drag the cards</source>
        <translation>pile vælger et kort · 1–9 lægger det i den gruppe, 0 tilbage · Ctrl+N ny gruppe med det · F2 omdøb · Del slet en tom gruppe · eller træk kortene</translation>
    </message>
    <message>
        <source>+  New group  [Ctrl+N]</source>
        <translation>+  Ny gruppe  [Ctrl+N]</translation>
    </message>
    <message>
        <source>Drop a card here to start a group with it</source>
        <translation>Slip et kort her for at starte en gruppe med det</translation>
    </message>
    <message numerus="yes">
        <source>This question asks for exactly %Ln group(s).</source>
        <translation>
            <numerusform>Dette spørgsmål kræver præcis %Ln gruppe.</numerusform>
            <numerusform>Dette spørgsmål kræver præcis %Ln grupper.</numerusform>
        </translation>
    </message>
    <message>
        <source>Move its cards out first, or use the group&apos;s ✕ button.</source>
        <translation>Flyt først dens kort ud, eller brug gruppens ✕-knap.</translation>
    </message>
    <message numerus="yes">
        <source>Not grouped yet (%Ln)</source>
        <translation>
            <numerusform>Ikke i en gruppe endnu (%Ln)</numerusform>
            <numerusform>Ikke i en gruppe endnu (%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <source>Every card is in a group.</source>
        <translation>Alle kort er i en gruppe.</translation>
    </message>
    <message>
        <source>Group {n}</source>
        <translation>Gruppe {n}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln card(s) not in a group yet</source>
        <translation>
            <numerusform>%Ln kort er endnu ikke i en gruppe</numerusform>
            <numerusform>%Ln kort er endnu ikke i en gruppe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>make exactly %Ln group(s) ({filled} hold cards)</source>
        <translation>
            <numerusform>lav præcis %Ln gruppe ({filled} har kort)</numerusform>
            <numerusform>lav præcis %Ln grupper ({filled} har kort)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>give every group a name of its own (%Ln still called “{name}”)</source>
        <translation>
            <numerusform>giv hver gruppe sit eget navn (%Ln hedder stadig “{name}”)</numerusform>
            <numerusform>giv hver gruppe sit eget navn (%Ln hedder stadig “{name}” og lignende)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“{name}” (%Ln card(s))</source>
        <translation>
            <numerusform>“{name}” (%Ln kort)</numerusform>
            <numerusform>“{name}” (%Ln kort)</numerusform>
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
        <translation>Kort, der ikke er i en gruppe endnu, har ingen gruppe at omdøbe: læg først kortet i en gruppe (1–9, eller Ctrl+N for en ny), og tryk så F2.</translation>
    </message>
</context>
<context>
    <name>CodeInUseScreen</name>
    <message>
        <source>less than a minute ago</source>
        <translation>for mindre end et minut siden</translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>for %Ln minut siden</numerusform>
            <numerusform>for %Ln minutter siden</numerusform>
        </translation>
    </message>
    <message>
        <source>**{code}** was last answering {when} in a session that was not closed.

If {code} is working on another computer or in another window now, go back and finish there: two places answering as one code record the same items twice.

If that computer crashed or was switched off, continue here: nothing saved is lost.</source>
        <translation>**{code}** svarede sidst {when} i en session, der ikke blev lukket.

Hvis {code} arbejder på en anden computer eller i et andet vindue nu, så gå tilbage og gør det færdigt der: to steder, der svarer med samme kode, registrerer de samme opgaver to gange.

Hvis den computer gik ned eller blev slukket, så fortsæt her: intet gemt går tabt.</translation>
    </message>
    <message>
        <source>Is {code} answering somewhere else?</source>
        <translation>Svarer {code} et andet sted?</translation>
    </message>
    <message>
        <source>Continue here</source>
        <translation>Fortsæt her</translation>
    </message>
    <message>
        <source>Go back  (Esc)</source>
        <translation>Gå tilbage  (Esc)</translation>
    </message>
</context>
<context>
    <name>Column</name>
    <message>
        <source>Rename this group  [F2]</source>
        <translation>Omdøb denne gruppe  [F2]</translation>
    </message>
    <message>
        <source>Delete this group; its cards go back  [Del]</source>
        <translation>Slet denne gruppe; dens kort går tilbage  [Del]</translation>
    </message>
    <message>
        <source>Drop cards here</source>
        <translation>Slip kort her</translation>
    </message>
    <message>
        <source>Every card is in a group</source>
        <translation>Alle kort er i en gruppe</translation>
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
        <translation>Jeg har læst ovenstående og indvilliger i at deltage.</translation>
    </message>
    <message>
        <source>Space ticks the box, Enter continues, Esc declines.</source>
        <translation>Mellemrum sætter kryds, Enter fortsætter, Esc afslår.</translation>
    </message>
    <message>
        <source>I do not agree</source>
        <translation>Jeg indvilliger ikke</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>Fortsæt  ⏎</translation>
    </message>
    <message>
        <source>Do you want to decline? Press Esc again to decline, or tick the box to take part.</source>
        <translation>Vil du sige nej? Tryk på Esc igen for at sige nej, eller sæt flueben i feltet for at deltage.</translation>
    </message>
</context>
<context>
    <name>Feedback</name>
    <message>
        <source>no answer</source>
        <translation>intet svar</translation>
    </message>
    <message>
        <source>✓ **Correct:** {answer}</source>
        <translation>✓ **Rigtigt:** {answer}</translation>
    </message>
    <message>
        <source>✗ **Not quite.** The expected answer: {answer}</source>
        <translation>✗ **Ikke helt.** Det forventede svar: {answer}</translation>
    </message>
    <message>
        <source>⏱ **Time ran out** before an answer. The expected answer: {answer}</source>
        <translation>⏱ **Tiden løb ud** før et svar. Det forventede svar: {answer}</translation>
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
        <translation>Billede {n}</translation>
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
        <translation>tilpas billederne</translation>
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
        <translation>zoom ind / ud (eller musehjulet)</translation>
    </message>
    <message>
        <source>Alt+arrows</source>
        <translation>Alt+pile</translation>
    </message>
    <message>
        <source>move around a zoomed image (or drag it)</source>
        <translation>flyt rundt i et forstørret billede (eller træk i det)</translation>
    </message>
    <message>
        <source>Alt+] / Alt+[</source>
        <translation>Alt+] / Alt+[</translation>
    </message>
    <message>
        <source>DICOM: wider / narrower window (or drag across with the right button)</source>
        <translation>DICOM: bredere / smallere vindue (eller træk til siden med højre knap)</translation>
    </message>
    <message>
        <source>Alt+PgUp / Alt+PgDn</source>
        <translation>Alt+PgUp / Alt+PgDn</translation>
    </message>
    <message>
        <source>DICOM: raise / lower the level (or drag up and down with the right button)</source>
        <translation>DICOM: hæv / sænk niveauet (eller træk op og ned med højre knap)</translation>
    </message>
    <message>
        <source>Alt+I · Alt+0 · Alt+2..9</source>
        <translation>Alt+I · Alt+0 · Alt+2..9</translation>
    </message>
    <message>
        <source>DICOM: invert · the file&apos;s window · the study&apos;s presets</source>
        <translation>DICOM: invertér · filens vindue · studiets forudindstillinger</translation>
    </message>
    <message>
        <source>Alt+. / Alt+,</source>
        <translation>Alt+. / Alt+,</translation>
    </message>
    <message>
        <source>DICOM: next / previous frame (or the slider under a multi-frame image)</source>
        <translation>DICOM: næste / forrige billede i serien (eller skyderen under et billede med flere)</translation>
    </message>
    <message>
        <source>This image cannot be shown.

{message}</source>
        <translation>Dette billede kan ikke vises.

{message}</translation>
    </message>
    <message>
        <source>W {width} · L {level}</source>
        <translation>W {width} · L {level}</translation>
    </message>
    <message>
        <source>inverted</source>
        <translation>inverteret</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>Billede i serien</translation>
    </message>
    <message>
        <source>frame {n} of {total}</source>
        <translation>billede {n} af {total}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>ukendt fejl</translation>
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
        <translation>mere / mindre kontrast</translation>
    </message>
</context>
<context>
    <name>InlineImage</name>
    <message>
        <source>Image {name}</source>
        <translation>Billede {name}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>ukendt fejl</translation>
    </message>
    <message>
        <source>This image cannot be shown.
{message}</source>
        <translation>Dette billede kan ikke vises.
{message}</translation>
    </message>
    <message>
        <source>Loading image…</source>
        <translation>Indlæser billede…</translation>
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
        <translation>gå til næste / forrige felt eller knap</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>the highlighted button</source>
        <translation>den fremhævede knap</translation>
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
        <translation>denne liste over taster</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>Taster på denne skærm</translation>
    </message>
    <message>
        <source>F1, Esc or Enter closes this list.</source>
        <translation>F1, Esc eller Enter lukker denne liste.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Luk</translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>Language</source>
        <translation>Sprog</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&lt;b&gt;Demo study:&lt;/b&gt; illustrative content, not real benchmark data</source>
        <translation>&lt;b&gt;Demoundersøgelse:&lt;/b&gt; illustrativt indhold, ikke rigtige benchmarkdata</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Vis</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>Fuld skærm</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hjælp</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>Taster på denne skærm</translation>
    </message>
    <message>
        <source>&amp;Designer</source>
        <translation>&amp;Designer</translation>
    </message>
    <message>
        <source>Designer mode…</source>
        <translation>Designertilstand…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Afslut</translation>
    </message>
    <message>
        <source>Something went wrong while {label}: {error}</source>
        <translation>Noget gik galt under {label}: {error}</translation>
    </message>
</context>
<context>
    <name>MessageScreen</name>
    <message>
        <source>Continue</source>
        <translation>Fortsæt</translation>
    </message>
    <message>
        <source>{button}  (Space)</source>
        <translation>{button}  (Mellemrum)</translation>
    </message>
    <message>
        <source>{title} (practice)</source>
        <translation>{title} (øvelse)</translation>
    </message>
    <message numerus="yes">
        <source>You have answered **{done} of %Ln** items.

Take a short break if you like: stretch, rest your eyes. Time on this screen does not count. Continue when you are ready.</source>
        <translation>
            <numerusform>Du har besvaret **{done} af %Ln** opgave.

Tag en kort pause, hvis du har lyst: stræk dig, hvil øjnene. Tiden på denne skærm tæller ikke. Fortsæt, når du er klar.</numerusform>
            <numerusform>Du har besvaret **{done} af %Ln** opgaver.

Tag en kort pause, hvis du har lyst: stræk dig, hvil øjnene. Tiden på denne skærm tæller ikke. Fortsæt, når du er klar.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your next reading session is not open yet</source>
        <translation>Din næste læsesession er ikke åben endnu</translation>
    </message>
    <message>
        <source>This reading session is finished</source>
        <translation>Denne læsesession er afsluttet</translation>
    </message>
    <message>
        <source>The study asks for a pause between reading sessions, so that every case is read afresh. Your next session opens on **{when}**: please come back then, with the same code.</source>
        <translation>Studiet beder om en pause mellem læsesessionerne, så hvert tilfælde læses på ny. Din næste session åbner **{when}**: kom venligst tilbage da, med den samme kode.</translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code. The next one opens on **{when}**.</source>
        <translation>
            <numerusform>%n læsesession mere venter, med den samme kode. Den næste åbner **{when}**.</numerusform>
            <numerusform>%n læsesessioner mere venter, med den samme kode. Den næste åbner **{when}**.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code: the next one can start now.</source>
        <translation>
            <numerusform>%n læsesession mere venter, med den samme kode: den næste kan begynde nu.</numerusform>
            <numerusform>%n læsesessioner mere venter, med den samme kode: den næste kan begynde nu.</numerusform>
        </translation>
    </message>
    <message>
        <source>**Thank you!** Your answers are saved.</source>
        <translation>**Tak!** Dine svar er gemt.</translation>
    </message>
    <message numerus="yes">
        <source>You answered {done} of %Ln items.</source>
        <translation>
            <numerusform>Du besvarede {done} af %Ln opgave.</numerusform>
            <numerusform>Du besvarede {done} af %Ln opgaver.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your score on the items with a right answer: **{score}**.</source>
        <translation>Din score på opgaverne med et rigtigt svar: **{score}**.</translation>
    </message>
    <message>
        <source>Please tell the study team that you have finished.</source>
        <translation>Fortæl venligst undersøgelsens team, at du er færdig.</translation>
    </message>
</context>
<context>
    <name>PairStimulusWidget</name>
    <message>
        <source>Sentence 1</source>
        <translation>Sætning 1</translation>
    </message>
    <message>
        <source>Sentence 2</source>
        <translation>Sætning 2</translation>
    </message>
</context>
<context>
    <name>PairwiseWidget</name>
    <message>
        <source>About the same</source>
        <translation>Omtrent lige gode</translation>
    </message>
    <message>
        <source>The left one is better</source>
        <translation>Den venstre er bedre</translation>
    </message>
    <message>
        <source>The right one is better</source>
        <translation>Den højre er bedre</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one · T: about the same</source>
        <translation>← eller A: den venstre · → eller B: den højre · T: omtrent lige gode</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one</source>
        <translation>← eller A: den venstre · → eller B: den højre</translation>
    </message>
    <message>
        <source>the left one</source>
        <translation>den venstre</translation>
    </message>
    <message>
        <source>the right one</source>
        <translation>den højre</translation>
    </message>
</context>
<context>
    <name>ParticipantFlow</name>
    <message>
        <source>Something went wrong while checking {code}: {error}</source>
        <translation>Noget gik galt under kontrollen af {code}: {error}</translation>
    </message>
    <message>
        <source>You did not agree to take part</source>
        <translation>Du indvilligede ikke i at deltage</translation>
    </message>
    <message>
        <source>No session was started and none of your answers were recorded. Thank you for your time.

If you declined by mistake, or have a question about the study, please tell the study staff.</source>
        <translation>Ingen session blev startet, og ingen af dine svar blev registreret. Tak for din tid.

Hvis du afslog ved en fejl eller har et spørgsmål om undersøgelsen, så sig det venligst til undersøgelsens personale.</translation>
    </message>
    <message>
        <source>Back to the start</source>
        <translation>Tilbage til start</translation>
    </message>
    <message numerus="yes">
        <source>Welcome back: {answered} of %Ln items answered. You continue where you stopped.</source>
        <translation>
            <numerusform>Velkommen tilbage: {answered} af %Ln opgave besvaret. Du fortsætter, hvor du slap.</numerusform>
            <numerusform>Velkommen tilbage: {answered} af %Ln opgaver besvaret. Du fortsætter, hvor du slap.</numerusform>
        </translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Vejledning</translation>
    </message>
    <message>
        <source>Welcome back</source>
        <translation>Velkommen tilbage</translation>
    </message>
    <message>
        <source>Begin</source>
        <translation>Begynd</translation>
    </message>
    <message>
        <source>Something went wrong while {what}: {error}</source>
        <translation>Noget gik galt under {what}: {error}</translation>
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
        <translation>Færdig</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Færdig</translation>
    </message>
    <message>
        <source>the session is not open</source>
        <translation>sessionen er ikke åben</translation>
    </message>
</context>
<context>
    <name>ParticipantScreen</name>
    <message>
        <source>a participant code is required</source>
        <translation>en deltagerkode er påkrævet</translation>
    </message>
    <message>
        <source>a participant code has at most {n} characters</source>
        <translation>en deltagerkode har højst {n} tegn</translation>
    </message>
    <message>
        <source>a participant code cannot contain control or invisible characters</source>
        <translation>en deltagerkode kan ikke indeholde kontroltegn eller usynlige tegn</translation>
    </message>
    <message>
        <source>this looks like an e-mail address; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>dette ligner en e-mailadresse; deltagerkoder er pseudonymer (f.eks. P017): opbevar koblingen til personen uden for Baseline Studio</translation>
    </message>
    <message>
        <source>this looks like a phone number; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>dette ligner et telefonnummer; deltagerkoder er pseudonymer (f.eks. P017): opbevar koblingen til personen uden for Baseline Studio</translation>
    </message>
    <message>
        <source>please fill this in</source>
        <translation>udfyld venligst dette</translation>
    </message>
    <message>
        <source>choose one of the options</source>
        <translation>vælg en af mulighederne</translation>
    </message>
    <message>
        <source>{value} is not a number</source>
        <translation>{value} er ikke et tal</translation>
    </message>
    <message>
        <source>at least {value}</source>
        <translation>mindst {value}</translation>
    </message>
    <message>
        <source>at most {value}</source>
        <translation>højst {value}</translation>
    </message>
    <message>
        <source>the code on your card, e.g. P001</source>
        <translation>koden på dit kort, f.eks. P001</translation>
    </message>
    <message>
        <source>Participant code</source>
        <translation>Deltagerkode</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Tilbage</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>Fortsæt  ⏎</translation>
    </message>
    <message>
        <source>This code has already answered every item of this study. Check the code, or ask the study staff.</source>
        <translation>Denne kode har allerede besvaret alle opgaver i undersøgelsen. Tjek koden, eller spørg undersøgelsens personale.</translation>
    </message>
    <message>
        <source>This looks like a person&apos;s name; participant codes should be pseudonyms (such as P017).</source>
        <translation>Dette ligner et personnavn; deltagerkoder bør være pseudonymer (f.eks. P017).</translation>
    </message>
    <message>
        <source>This is not one of this study&apos;s codes: check the card you were given.</source>
        <translation>Dette er ikke en af undersøgelsens koder: tjek det kort, du har fået.</translation>
    </message>
    <message>
        <source>**Practice is over.** From now on your answers count and no feedback is given.</source>
        <translation>**Øvelsen er slut.** Fra nu af tæller dine svar, og der gives ingen tilbagemelding.</translation>
    </message>
</context>
<context>
    <name>PausePage</name>
    <message>
        <source>Paused</source>
        <translation>Sat på pause</translation>
    </message>
    <message>
        <source>The item is hidden and the clock is stopped. Your answers so far are kept.</source>
        <translation>Opgaven er skjult, og uret er stoppet. Dine svar indtil nu er bevaret.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsæt</translation>
    </message>
    <message>
        <source>or press {keys}</source>
        <translation>eller tryk på {keys}</translation>
    </message>
</context>
<context>
    <name>PoemStimulusWidget</name>
    <message>
        <source>Prompt</source>
        <translation>Opgave</translation>
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
        <translation>Vælg…</translation>
    </message>
    <message>
        <source>a number ({low} to {high})</source>
        <translation>et tal ({low} til {high})</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>et tal</translation>
    </message>
    <message>
        <source>  (optional)</source>
        <translation>  (valgfrit)</translation>
    </message>
</context>
<context>
    <name>QueryStimulusWidget</name>
    <message>
        <source>Query</source>
        <translation>Forespørgsel</translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s), shown with the question.</source>
        <translation>
            <numerusform>%Ln dokument, vist sammen med spørgsmålet.</numerusform>
            <numerusform>%Ln dokumenter, vist sammen med spørgsmålet.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuestionPanel</name>
    <message>
        <source>Optional.</source>
        <translation>Valgfrit.</translation>
    </message>
    <message>
        <source>Question {n} (“{prompt}”)</source>
        <translation>Spørgsmål {n} (“{prompt}”)</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>Spørgsmål {n}</translation>
    </message>
    <message>
        <source>“{prompt}”</source>
        <translation>“{prompt}”</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>Spørgsmålet</translation>
    </message>
</context>
<context>
    <name>QuitQuestion</name>
    <message>
        <source>Quit?</source>
        <translation>Afslut?</translation>
    </message>
    <message>
        <source>Your answered items are saved. Quit?</source>
        <translation>Dine besvarede opgaver er gemt. Vil du afslutte?</translation>
    </message>
    <message>
        <source>You can come back later with the same code and go on where you stopped.</source>
        <translation>Du kan vende tilbage senere med samme kode og fortsætte, hvor du slap.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Afslut</translation>
    </message>
    <message>
        <source>Keep going</source>
        <translation>Fortsæt arbejdet</translation>
    </message>
</context>
<context>
    <name>RankingWidget</name>
    <message>
        <source>Keep this order  [Space]</source>
        <translation>Behold denne rækkefølge  [Mellemrum]</translation>
    </message>
    <message>
        <source>↑ ↓ select · Ctrl+↑ / Ctrl+↓ move the selected entry · drag with the mouse</source>
        <translation>↑ ↓ vælg · Ctrl+↑ / Ctrl+↓ flyt det valgte punkt · træk med musen</translation>
    </message>
    <message>
        <source>Order recorded; you can still change it.</source>
        <translation>Rækkefølgen er registreret; du kan stadig ændre den.</translation>
    </message>
    <message>
        <source>Put the best first. The order counts once you move an entry or keep it as it is.</source>
        <translation>Sæt det bedste først. Rækkefølgen tæller, når du flytter et punkt eller beholder den, som den er.</translation>
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
        <translation>{low}–{high} vælg en værdi</translation>
    </message>
    <message>
        <source>1–{last} pick a point</source>
        <translation>1–{last} vælg et punkt</translation>
    </message>
    <message>
        <source>← → move</source>
        <translation>← → flyt</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>intet svar endnu</translation>
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
        <translation>↑ ↓ vælg et dokument · {keys} (derefter det næste) · Mellemrum skifter</translation>
    </message>
    <message numerus="yes">
        <source>{done} of %Ln document(s) judged</source>
        <translation>
            <numerusform>{done} af %Ln dokument vurderet</numerusform>
            <numerusform>{done} af %Ln dokumenter vurderet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln document(s) judged</source>
        <translation>
            <numerusform>%Ln dokument vurderet</numerusform>
            <numerusform>Alle %Ln dokumenter vurderet</numerusform>
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
        <translation>[billede mangler]</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>opening the session</source>
        <translation>åbning af sessionen</translation>
    </message>
    <message>
        <source>registering the study version</source>
        <translation>registrering af studiets version</translation>
    </message>
    <message>
        <source>finding the next screen</source>
        <translation>søgning efter næste skærm</translation>
    </message>
    <message>
        <source>recording the introduction as read</source>
        <translation>registrering af introduktionen som læst</translation>
    </message>
    <message>
        <source>starting the break</source>
        <translation>start af pausen</translation>
    </message>
    <message>
        <source>ending the break</source>
        <translation>afslutning af pausen</translation>
    </message>
    <message>
        <source>logging {kind}</source>
        <translation>logning af {kind}</translation>
    </message>
    <message>
        <source>flagging a stimulus problem</source>
        <translation>markering af et problem med materialet</translation>
    </message>
    <message>
        <source>closing the session</source>
        <translation>lukning af sessionen</translation>
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
        <translation>Din kommentar (valgfrit)</translation>
    </message>
    <message>
        <source>click the box or Tab to it, then type; Tab or Esc leaves it</source>
        <translation>klik i feltet eller gå til det med Tab, og skriv; Tab eller Esc forlader det</translation>
    </message>
</context>
<context>
    <name>TrialHeader</name>
    <message>
        <source>Practice</source>
        <translation>Øvelse</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Hoveddel</translation>
    </message>
    <message>
        <source>practice: you will see the right answer</source>
        <translation>øvelse: du får det rigtige svar at se</translation>
    </message>
    <message>
        <source>Item {n} of {of} in this part  ·  {done} of {total} done</source>
        <translation>Opgave {n} af {of} i denne del  ·  {done} af {total} færdige</translation>
    </message>
    <message>
        <source>Item {n} of {total}</source>
        <translation>Opgave {n} af {total}</translation>
    </message>
</context>
<context>
    <name>TrialScreen</name>
    <message>
        <source>To write a comment, click its box (or press Tab until you reach it), then type.</source>
        <translation>For at skrive en kommentar skal du klikke i dens felt (eller trykke Tab, indtil du når det) og så skrive.</translation>
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
        <translation>{name} mangler stadig et svar.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln more question(s) also need one.</source>
        <translation>
            <numerusform>%Ln spørgsmål mere mangler også et svar.</numerusform>
            <numerusform>%Ln spørgsmål mere mangler også et svar.</numerusform>
        </translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Mellemrum</translation>
    </message>
    <message>
        <source>show the item</source>
        <translation>vis opgaven</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this list of keys</source>
        <translation>denne liste over taster</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>Spørgsmål {n}</translation>
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
        <translation>send svarene, eller gå til det spørgsmål, der stadig er åbent</translation>
    </message>
    <message>
        <source> (in a comment box: Ctrl+Enter)</source>
        <translation> (i et kommentarfelt: Ctrl+Enter)</translation>
    </message>
    <message>
        <source>pause: the item is hidden and the clock stops</source>
        <translation>pause: opgaven skjules, og uret stopper</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>next / previous question, in reading order</source>
        <translation>næste / forrige spørgsmål i læserækkefølge</translation>
    </message>
    <message>
        <source>Press Space when you are ready.</source>
        <translation>Tryk på mellemrum, når du er klar.</translation>
    </message>
    <message>
        <source>Loading the images…</source>
        <translation>Indlæser billederne…</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Submit  ⏎</source>
        <translation>Send  ⏎</translation>
    </message>
    <message>
        <source>Your answer key submits at once</source>
        <translation>Din svartast sender svaret med det samme</translation>
    </message>
    <message>
        <source>Enter submits · from a comment box, Ctrl+Enter</source>
        <translation>Enter sender · fra et kommentarfelt Ctrl+Enter</translation>
    </message>
    <message>
        <source>Enter submits</source>
        <translation>Enter sender</translation>
    </message>
    <message>
        <source>Pause  ({keys})</source>
        <translation>Pause  ({keys})</translation>
    </message>
    <message>
        <source>Continue  (Space)</source>
        <translation>Fortsæt  (Mellemrum)</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Gemmer…</translation>
    </message>
    <message>
        <source>Time is up.</source>
        <translation>Tiden er gået.</translation>
    </message>
    <message>
        <source>Press Space to go on.</source>
        <translation>Tryk på mellemrum for at fortsætte.</translation>
    </message>
    <message>
        <source>**Could not save your answer:** {message}  
Your answers are kept. Press Submit to try again, or call the study team.</source>
        <translation>**Dit svar kunne ikke gemmes:** {message}  
Dine svar er bevaret. Tryk på Send for at prøve igen, eller tilkald undersøgelsens team.</translation>
    </message>
    <message>
        <source>Try again  ⏎</source>
        <translation>Prøv igen  ⏎</translation>
    </message>
    <message>
        <source>**Check before you submit:** {answer}.  
Press Enter (or Confirm) again to submit.</source>
        <translation>**Tjek før du sender:** {answer}.  
Tryk på Enter (eller Bekræft) igen for at sende.</translation>
    </message>
    <message>
        <source>Confirm  ⏎</source>
        <translation>Bekræft  ⏎</translation>
    </message>
    <message>
        <source>Time left: {seconds} s</source>
        <translation>Tid tilbage: {seconds} s</translation>
    </message>
    <message>
        <source>Your answer key</source>
        <translation>Din svartast</translation>
    </message>
    <message>
        <source>submits at once (no Enter)</source>
        <translation>sender med det samme (uden Enter)</translation>
    </message>
</context>
</TS>
