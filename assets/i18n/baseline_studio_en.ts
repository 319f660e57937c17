<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>CardsStimulusWidget</name>
    <message numerus="yes">
        <source>%Ln card(s) to sort below.</source>
        <translation>
            <numerusform>%Ln card to sort below.</numerusform>
            <numerusform>%Ln cards to sort below.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClusteringWidget</name>
    <message numerus="yes">
        <source>This question asks for exactly %Ln group(s).</source>
        <translation>
            <numerusform>This question asks for exactly %Ln group.</numerusform>
            <numerusform>This question asks for exactly %Ln groups.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not grouped yet (%Ln)</source>
        <translation>
            <numerusform>Not grouped yet (%Ln)</numerusform>
            <numerusform>Not grouped yet (%Ln)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln card(s) not in a group yet</source>
        <translation>
            <numerusform>%Ln card not in a group yet</numerusform>
            <numerusform>%Ln cards not in a group yet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>make exactly %Ln group(s) ({filled} hold cards)</source>
        <translation>
            <numerusform>make exactly %Ln group ({filled} hold cards)</numerusform>
            <numerusform>make exactly %Ln groups ({filled} hold cards)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>give every group a name of its own (%Ln still called “{name}”)</source>
        <translation>
            <numerusform>give every group a name of its own (%Ln still called “{name}”)</numerusform>
            <numerusform>give every group a name of its own (%Ln still called “{name}” and the like)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“{name}” (%Ln card(s))</source>
        <translation>
            <numerusform>“{name}” (%Ln card)</numerusform>
            <numerusform>“{name}” (%Ln cards)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln group(s): {groups}</source>
        <translation>
            <numerusform>%Ln group: {groups}</numerusform>
            <numerusform>%Ln groups: {groups}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CodeInUseScreen</name>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>%Ln minute ago</numerusform>
            <numerusform>%Ln minutes ago</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MessageScreen</name>
    <message numerus="yes">
        <source>You have answered **{done} of %Ln** items.

Take a short break if you like: stretch, rest your eyes. Time on this screen does not count. Continue when you are ready.</source>
        <translation>
            <numerusform>You have answered **{done} of %Ln** item.

Take a short break if you like: stretch, rest your eyes. Time on this screen does not count. Continue when you are ready.</numerusform>
            <numerusform>You have answered **{done} of %Ln** items.

Take a short break if you like: stretch, rest your eyes. Time on this screen does not count. Continue when you are ready.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code. The next one opens on **{when}**.</source>
        <translation>
            <numerusform>%n more reading session to come, with the same code. The next one opens on **{when}**.</numerusform>
            <numerusform>%n more reading sessions to come, with the same code. The next one opens on **{when}**.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code: the next one can start now.</source>
        <translation>
            <numerusform>%n more reading session to come, with the same code: the next one can start now.</numerusform>
            <numerusform>%n more reading sessions to come, with the same code: the next one can start now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>You answered {done} of %Ln items.</source>
        <translation>
            <numerusform>You answered {done} of %Ln item.</numerusform>
            <numerusform>You answered {done} of %Ln items.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParticipantFlow</name>
    <message numerus="yes">
        <source>Welcome back: {answered} of %Ln items answered. You continue where you stopped.</source>
        <translation>
            <numerusform>Welcome back: {answered} of %Ln item answered. You continue where you stopped.</numerusform>
            <numerusform>Welcome back: {answered} of %Ln items answered. You continue where you stopped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QueryStimulusWidget</name>
    <message numerus="yes">
        <source>%Ln document(s), shown with the question.</source>
        <translation>
            <numerusform>%Ln document, shown with the question.</numerusform>
            <numerusform>%Ln documents, shown with the question.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RelevanceWidget</name>
    <message numerus="yes">
        <source>{grade}: %Ln document(s)</source>
        <translation>
            <numerusform>{grade}: %Ln document</numerusform>
            <numerusform>{grade}: %Ln documents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{done} of %Ln document(s) judged</source>
        <translation>
            <numerusform>{done} of %Ln document judged</numerusform>
            <numerusform>{done} of %Ln documents judged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln document(s) judged</source>
        <translation>
            <numerusform>All %Ln document judged</numerusform>
            <numerusform>All %Ln documents judged</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrialScreen</name>
    <message numerus="yes">
        <source>%Ln more question(s) also need one.</source>
        <translation>
            <numerusform>%Ln more question also needs one.</numerusform>
            <numerusform>%Ln more questions also need one.</numerusform>
        </translation>
    </message>
</context>
</TS>
