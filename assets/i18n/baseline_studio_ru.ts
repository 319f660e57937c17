<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU" sourcelanguage="en">
<context>
    <name>AdjustmentBar</name>
    <message>
        <source>Fit  [Alt+F]</source>
        <translation>Вписать  [Alt+F]</translation>
    </message>
    <message>
        <source>Fit each image in its frame</source>
        <translation>Вписать каждое изображение в его рамку</translation>
    </message>
    <message>
        <source>1:1  [Alt+1]</source>
        <translation>1:1  [Alt+1]</translation>
    </message>
    <message>
        <source>One image pixel per screen pixel</source>
        <translation>Один пиксель изображения на пиксель экрана</translation>
    </message>
    <message>
        <source>Brightness</source>
        <translation>Яркость</translation>
    </message>
    <message>
        <source>Contrast</source>
        <translation>Контраст</translation>
    </message>
    <message>
        <source>Local contrast (CLAHE)</source>
        <translation>Локальный контраст (CLAHE)</translation>
    </message>
    <message>
        <source>Contrast-limited adaptive histogram equalisation: brings out detail in dark and bright regions</source>
        <translation>Адаптивное выравнивание гистограммы с ограничением контраста: проявляет детали в тёмных и светлых областях</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Сбросить</translation>
    </message>
    <message>
        <source>Fit, and undo every adjustment</source>
        <translation>Вписать и отменить все настройки</translation>
    </message>
</context>
<context>
    <name>BestWorstWidget</name>
    <message>
        <source>Best</source>
        <translation>Лучший</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>Худший</translation>
    </message>
    <message>
        <source>1–{n}: first the “{best}”, then the “{worst}” · Backspace: take back the last pick</source>
        <translation>1–{n}: сначала «{best}», затем «{worst}» · Backspace: отменить последний выбор</translation>
    </message>
    <message>
        <source>{role}: card {n}</source>
        <translation>{role}: карточка {n}</translation>
    </message>
    <message>
        <source>Both picked. A number now changes the “{worst}”.</source>
        <translation>Оба выбраны. Теперь цифра меняет «{worst}».</translation>
    </message>
    <message>
        <source>Now pick the “{role}”.</source>
        <translation>Теперь выберите «{role}».</translation>
    </message>
</context>
<context>
    <name>CardsStimulusWidget</name>
    <message numerus="yes">
        <source>%Ln card(s) to sort below.</source>
        <translation>
            <numerusform>%Ln карточка для сортировки ниже.</numerusform>
            <numerusform>%Ln карточки для сортировки ниже.</numerusform>
            <numerusform>%Ln карточек для сортировки ниже.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChoiceWidget</name>
    <message>
        <source>, or 1–{last} in order</source>
        <translation>, или 1–{last} по порядку</translation>
    </message>
</context>
<context>
    <name>ClusteringWidget</name>
    <message>
        <source>arrows select a card · 1–9 put it in that group, 0 back · Ctrl+N new group with it · F2 rename · Del delete an empty group · or drag the cards</source>
        <translation>стрелки выбирают карточку · 1–9 кладут её в эту группу, 0 возвращают · Ctrl+N новая группа с ней · F2 переименовать · Del удалить пустую группу · или перетаскивайте карточки</translation>
    </message>
    <message>
        <source>+  New group  [Ctrl+N]</source>
        <translation>+  Новая группа  [Ctrl+N]</translation>
    </message>
    <message>
        <source>Drop a card here to start a group with it</source>
        <translation>Перетащите сюда карточку, чтобы начать с неё группу</translation>
    </message>
    <message numerus="yes">
        <source>This question asks for exactly %Ln group(s).</source>
        <translation>
            <numerusform>В этом вопросе нужна ровно %Ln группа.</numerusform>
            <numerusform>В этом вопросе нужно ровно %Ln группы.</numerusform>
            <numerusform>В этом вопросе нужно ровно %Ln групп.</numerusform>
        </translation>
    </message>
    <message>
        <source>Move its cards out first, or use the group&apos;s ✕ button.</source>
        <translation>Сначала переместите из неё карточки или нажмите кнопку ✕ группы.</translation>
    </message>
    <message numerus="yes">
        <source>Not grouped yet (%Ln)</source>
        <translation>
            <numerusform>Ещё не в группе (%Ln)</numerusform>
            <numerusform>Ещё не в группе (%Ln)</numerusform>
            <numerusform>Ещё не в группе (%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <source>Every card is in a group.</source>
        <translation>Все карточки распределены по группам.</translation>
    </message>
    <message>
        <source>Group {n}</source>
        <translation>Группа {n}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln card(s) not in a group yet</source>
        <translation>
            <numerusform>%Ln карточка ещё не в группе</numerusform>
            <numerusform>%Ln карточки ещё не в группе</numerusform>
            <numerusform>%Ln карточек ещё не в группе</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>make exactly %Ln group(s) ({filled} hold cards)</source>
        <translation>
            <numerusform>составьте ровно %Ln группу (с карточками: {filled})</numerusform>
            <numerusform>составьте ровно %Ln группы (с карточками: {filled})</numerusform>
            <numerusform>составьте ровно %Ln групп (с карточками: {filled})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>give every group a name of its own (%Ln still called “{name}”)</source>
        <translation>
            <numerusform>дайте каждой группе своё название (%Ln всё ещё называется «{name}»)</numerusform>
            <numerusform>дайте каждой группе своё название (%Ln всё ещё называются «{name}» и т. п.)</numerusform>
            <numerusform>дайте каждой группе своё название (%Ln всё ещё называются «{name}» и т. п.)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“{name}” (%Ln card(s))</source>
        <translation>
            <numerusform>«{name}» (%Ln карточка)</numerusform>
            <numerusform>«{name}» (%Ln карточки)</numerusform>
            <numerusform>«{name}» (%Ln карточек)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln group(s): {groups}</source>
        <translation>
            <numerusform>%Ln группа: {groups}</numerusform>
            <numerusform>%Ln группы: {groups}</numerusform>
            <numerusform>%Ln групп: {groups}</numerusform>
        </translation>
    </message>
    <message>
        <source>Cards not grouped yet have no group to rename: put the card in a group first (1–9, or Ctrl+N for a new one), then F2.</source>
        <translation>У карточек, ещё не разложенных по группам, нет группы, которую можно переименовать: сначала положите карточку в группу (1–9 или Ctrl+N для новой), затем нажмите F2.</translation>
    </message>
</context>
<context>
    <name>CodeInUseScreen</name>
    <message>
        <source>less than a minute ago</source>
        <translation>меньше минуты назад</translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>%Ln минуту назад</numerusform>
            <numerusform>%Ln минуты назад</numerusform>
            <numerusform>%Ln минут назад</numerusform>
        </translation>
    </message>
    <message>
        <source>**{code}** was last answering {when} in a session that was not closed.

If {code} is working on another computer or in another window now, go back and finish there: two places answering as one code record the same items twice.

If that computer crashed or was switched off, continue here: nothing saved is lost.</source>
        <translation>**{code}** последний раз отвечал(а) {when} в сеансе, который не был закрыт.

Если {code} сейчас работает на другом компьютере или в другом окне, вернитесь и закончите там: два места, отвечающие под одним кодом, запишут одни и те же задания дважды.

Если тот компьютер завис или был выключен, продолжайте здесь: ничего сохранённого не потеряется.</translation>
    </message>
    <message>
        <source>Is {code} answering somewhere else?</source>
        <translation>{code} отвечает где-то ещё?</translation>
    </message>
    <message>
        <source>Continue here</source>
        <translation>Продолжить здесь</translation>
    </message>
    <message>
        <source>Go back  (Esc)</source>
        <translation>Назад  (Esc)</translation>
    </message>
</context>
<context>
    <name>Column</name>
    <message>
        <source>Rename this group  [F2]</source>
        <translation>Переименовать группу  [F2]</translation>
    </message>
    <message>
        <source>Delete this group; its cards go back  [Del]</source>
        <translation>Удалить группу; её карточки вернутся  [Del]</translation>
    </message>
    <message>
        <source>Drop cards here</source>
        <translation>Перетащите карточки сюда</translation>
    </message>
    <message>
        <source>Every card is in a group</source>
        <translation>Все карточки распределены по группам</translation>
    </message>
</context>
<context>
    <name>ConsentScreen</name>
    <message>
        <source>Consent</source>
        <translation>Согласие</translation>
    </message>
    <message>
        <source>I have read the above and agree to take part.</source>
        <translation>Я прочитал(а) текст выше и согласен(на) участвовать.</translation>
    </message>
    <message>
        <source>Space ticks the box, Enter continues, Esc declines.</source>
        <translation>Пробел ставит отметку, Enter — продолжить, Esc — отказаться.</translation>
    </message>
    <message>
        <source>I do not agree</source>
        <translation>Я не согласен(на)</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>Продолжить  ⏎</translation>
    </message>
    <message>
        <source>Do you want to decline? Press Esc again to decline, or tick the box to take part.</source>
        <translation>Вы хотите отказаться? Нажмите Esc ещё раз, чтобы отказаться, или отметьте поле, чтобы принять участие.</translation>
    </message>
</context>
<context>
    <name>Feedback</name>
    <message>
        <source>no answer</source>
        <translation>нет ответа</translation>
    </message>
    <message>
        <source>✓ **Correct:** {answer}</source>
        <translation>✓ **Верно:** {answer}</translation>
    </message>
    <message>
        <source>✗ **Not quite.** The expected answer: {answer}</source>
        <translation>✗ **Не совсем.** Ожидаемый ответ: {answer}</translation>
    </message>
    <message>
        <source>⏱ **Time ran out** before an answer. The expected answer: {answer}</source>
        <translation>⏱ **Время вышло** до ответа. Ожидаемый ответ: {answer}</translation>
    </message>
</context>
<context>
    <name>FontZoom</name>
    <message>
        <source>Larger text</source>
        <translation>Крупнее текст</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>Мельче текст</translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation>Обычный размер текста</translation>
    </message>
</context>
<context>
    <name>ImagePanel</name>
    <message>
        <source>Image {n}</source>
        <translation>Изображение {n}</translation>
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
        <translation>вписать изображения</translation>
    </message>
    <message>
        <source>Alt+1</source>
        <translation>Alt+1</translation>
    </message>
    <message>
        <source>actual size (1:1)</source>
        <translation>реальный размер (1:1)</translation>
    </message>
    <message>
        <source>Alt + / Alt −</source>
        <translation>Alt + / Alt −</translation>
    </message>
    <message>
        <source>zoom in / out (or the mouse wheel)</source>
        <translation>увеличить / уменьшить (или колесо мыши)</translation>
    </message>
    <message>
        <source>Alt+arrows</source>
        <translation>Alt+стрелки</translation>
    </message>
    <message>
        <source>move around a zoomed image (or drag it)</source>
        <translation>перемещаться по увеличенному изображению (или перетаскивать его)</translation>
    </message>
    <message>
        <source>Alt+] / Alt+[</source>
        <translation>Alt+] / Alt+[</translation>
    </message>
    <message>
        <source>DICOM: wider / narrower window (or drag across with the right button)</source>
        <translation>DICOM: шире / уже окно (или тяните вбок правой кнопкой мыши)</translation>
    </message>
    <message>
        <source>Alt+PgUp / Alt+PgDn</source>
        <translation>Alt+PgUp / Alt+PgDn</translation>
    </message>
    <message>
        <source>DICOM: raise / lower the level (or drag up and down with the right button)</source>
        <translation>DICOM: выше / ниже уровень окна (или тяните вверх и вниз правой кнопкой мыши)</translation>
    </message>
    <message>
        <source>Alt+I · Alt+0 · Alt+2..9</source>
        <translation>Alt+I · Alt+0 · Alt+2..9</translation>
    </message>
    <message>
        <source>DICOM: invert · the file&apos;s window · the study&apos;s presets</source>
        <translation>DICOM: инверсия · окно из файла · предустановки исследования</translation>
    </message>
    <message>
        <source>Alt+. / Alt+,</source>
        <translation>Alt+. / Alt+,</translation>
    </message>
    <message>
        <source>DICOM: next / previous frame (or the slider under a multi-frame image)</source>
        <translation>DICOM: следующий / предыдущий кадр (или ползунок под многокадровым изображением)</translation>
    </message>
    <message>
        <source>This image cannot be shown.

{message}</source>
        <translation>Это изображение не удаётся показать.

{message}</translation>
    </message>
    <message>
        <source>W {width} · L {level}</source>
        <translation>W {width} · L {level}</translation>
    </message>
    <message>
        <source>inverted</source>
        <translation>инвертировано</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>Кадр</translation>
    </message>
    <message>
        <source>frame {n} of {total}</source>
        <translation>кадр {n} из {total}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>неизвестная ошибка</translation>
    </message>
    <message>
        <source>Alt+B / Alt+Shift+B</source>
        <translation>Alt+B / Alt+Shift+B</translation>
    </message>
    <message>
        <source>brighter / darker</source>
        <translation>светлее / темнее</translation>
    </message>
    <message>
        <source>Alt+C / Alt+Shift+C</source>
        <translation>Alt+C / Alt+Shift+C</translation>
    </message>
    <message>
        <source>more / less contrast</source>
        <translation>больше / меньше контраста</translation>
    </message>
</context>
<context>
    <name>InlineImage</name>
    <message>
        <source>Image {name}</source>
        <translation>Изображение {name}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>неизвестная ошибка</translation>
    </message>
    <message>
        <source>This image cannot be shown.
{message}</source>
        <translation>Это изображение не удаётся показать.
{message}</translation>
    </message>
    <message>
        <source>Loading image…</source>
        <translation>Загрузка изображения…</translation>
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
        <translation>перейти к следующему / предыдущему полю или кнопке</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>the highlighted button</source>
        <translation>выделенная кнопка</translation>
    </message>
    <message>
        <source>Ctrl + / Ctrl −</source>
        <translation>Ctrl + / Ctrl −</translation>
    </message>
    <message>
        <source>larger / smaller text</source>
        <translation>крупнее / мельче текст</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this list of keys</source>
        <translation>этот список клавиш</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>Клавиши на этом экране</translation>
    </message>
    <message>
        <source>F1, Esc or Enter closes this list.</source>
        <translation>F1, Esc или Enter закрывают этот список.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&lt;b&gt;Demo study:&lt;/b&gt; illustrative content, not real benchmark data</source>
        <translation>&lt;b&gt;Демонстрационное исследование:&lt;/b&gt; иллюстративные материалы, не реальные данные бенчмарка</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>Во весь экран</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>Клавиши на этом экране</translation>
    </message>
    <message>
        <source>&amp;Designer</source>
        <translation>&amp;Дизайнер</translation>
    </message>
    <message>
        <source>Designer mode…</source>
        <translation>Режим дизайнера…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Выйти</translation>
    </message>
    <message>
        <source>Something went wrong while {label}: {error}</source>
        <translation>Что-то пошло не так ({label}): {error}</translation>
    </message>
</context>
<context>
    <name>MessageScreen</name>
    <message>
        <source>Continue</source>
        <translation>Продолжить</translation>
    </message>
    <message>
        <source>{button}  (Space)</source>
        <translation>{button}  (Пробел)</translation>
    </message>
    <message>
        <source>{title} (practice)</source>
        <translation>{title} (тренировка)</translation>
    </message>
    <message numerus="yes">
        <source>You have answered **{done} of %Ln** items.

Take a short break if you like: stretch, rest your eyes. Time on this screen does not count. Continue when you are ready.</source>
        <translation>
            <numerusform>Вы ответили на **{done} из %Ln** задания.

Если хотите, сделайте короткий перерыв: потянитесь, дайте отдых глазам. Время на этом экране не учитывается. Продолжайте, когда будете готовы.</numerusform>
            <numerusform>Вы ответили на **{done} из %Ln** заданий.

Если хотите, сделайте короткий перерыв: потянитесь, дайте отдых глазам. Время на этом экране не учитывается. Продолжайте, когда будете готовы.</numerusform>
            <numerusform>Вы ответили на **{done} из %Ln** заданий.

Если хотите, сделайте короткий перерыв: потянитесь, дайте отдых глазам. Время на этом экране не учитывается. Продолжайте, когда будете готовы.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your next reading session is not open yet</source>
        <translation>Следующий сеанс чтения ещё не открыт</translation>
    </message>
    <message>
        <source>This reading session is finished</source>
        <translation>Этот сеанс чтения завершён</translation>
    </message>
    <message>
        <source>The study asks for a pause between reading sessions, so that every case is read afresh. Your next session opens on **{when}**: please come back then, with the same code.</source>
        <translation>Исследование предусматривает перерыв между сеансами чтения, чтобы каждый случай читался заново. Следующий сеанс откроется **{when}**: пожалуйста, вернитесь тогда с тем же кодом.</translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code. The next one opens on **{when}**.</source>
        <translation>
            <numerusform>Впереди ещё %n сеанс чтения с тем же кодом. Следующий откроется **{when}**.</numerusform>
            <numerusform>Впереди ещё %n сеанса чтения с тем же кодом. Следующий откроется **{when}**.</numerusform>
            <numerusform>Впереди ещё %n сеансов чтения с тем же кодом. Следующий откроется **{when}**.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code: the next one can start now.</source>
        <translation>
            <numerusform>Впереди ещё %n сеанс чтения с тем же кодом: следующий можно начать сейчас.</numerusform>
            <numerusform>Впереди ещё %n сеанса чтения с тем же кодом: следующий можно начать сейчас.</numerusform>
            <numerusform>Впереди ещё %n сеансов чтения с тем же кодом: следующий можно начать сейчас.</numerusform>
        </translation>
    </message>
    <message>
        <source>**Thank you!** Your answers are saved.</source>
        <translation>**Спасибо!** Ваши ответы сохранены.</translation>
    </message>
    <message numerus="yes">
        <source>You answered {done} of %Ln items.</source>
        <translation>
            <numerusform>Вы ответили на {done} из %Ln задания.</numerusform>
            <numerusform>Вы ответили на {done} из %Ln заданий.</numerusform>
            <numerusform>Вы ответили на {done} из %Ln заданий.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your score on the items with a right answer: **{score}**.</source>
        <translation>Ваш результат по заданиям с правильным ответом: **{score}**.</translation>
    </message>
    <message>
        <source>Please tell the study team that you have finished.</source>
        <translation>Пожалуйста, сообщите команде исследования, что вы закончили.</translation>
    </message>
</context>
<context>
    <name>PairStimulusWidget</name>
    <message>
        <source>Sentence 1</source>
        <translation>Предложение 1</translation>
    </message>
    <message>
        <source>Sentence 2</source>
        <translation>Предложение 2</translation>
    </message>
</context>
<context>
    <name>PairwiseWidget</name>
    <message>
        <source>About the same</source>
        <translation>Примерно одинаково</translation>
    </message>
    <message>
        <source>The left one is better</source>
        <translation>Левый вариант лучше</translation>
    </message>
    <message>
        <source>The right one is better</source>
        <translation>Правый вариант лучше</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one · T: about the same</source>
        <translation>← или A: левый · → или B: правый · T: примерно одинаково</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one</source>
        <translation>← или A: левый · → или B: правый</translation>
    </message>
    <message>
        <source>the left one</source>
        <translation>левый вариант</translation>
    </message>
    <message>
        <source>the right one</source>
        <translation>правый вариант</translation>
    </message>
</context>
<context>
    <name>ParticipantFlow</name>
    <message>
        <source>Something went wrong while checking {code}: {error}</source>
        <translation>Что-то пошло не так при проверке {code}: {error}</translation>
    </message>
    <message>
        <source>You did not agree to take part</source>
        <translation>Вы не дали согласия на участие</translation>
    </message>
    <message>
        <source>No session was started and none of your answers were recorded. Thank you for your time.

If you declined by mistake, or have a question about the study, please tell the study staff.</source>
        <translation>Сеанс не был начат, и ни один ваш ответ не записан. Спасибо за уделённое время.

Если вы отказались по ошибке или у вас есть вопрос об исследовании, пожалуйста, обратитесь к сотрудникам исследования.</translation>
    </message>
    <message>
        <source>Back to the start</source>
        <translation>Вернуться к началу</translation>
    </message>
    <message numerus="yes">
        <source>Welcome back: {answered} of %Ln items answered. You continue where you stopped.</source>
        <translation>
            <numerusform>С возвращением: отвечено {answered} из %Ln задания. Вы продолжите с того места, где остановились.</numerusform>
            <numerusform>С возвращением: отвечено {answered} из %Ln заданий. Вы продолжите с того места, где остановились.</numerusform>
            <numerusform>С возвращением: отвечено {answered} из %Ln заданий. Вы продолжите с того места, где остановились.</numerusform>
        </translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Инструкция</translation>
    </message>
    <message>
        <source>Welcome back</source>
        <translation>С возвращением</translation>
    </message>
    <message>
        <source>Begin</source>
        <translation>Начать</translation>
    </message>
    <message>
        <source>Something went wrong while {what}: {error}</source>
        <translation>Что-то пошло не так ({what}): {error}</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Начать</translation>
    </message>
    <message>
        <source>Break</source>
        <translation>Перерыв</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Готово</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Готово</translation>
    </message>
    <message>
        <source>the session is not open</source>
        <translation>сеанс не открыт</translation>
    </message>
</context>
<context>
    <name>ParticipantScreen</name>
    <message>
        <source>a participant code is required</source>
        <translation>нужен код участника</translation>
    </message>
    <message>
        <source>a participant code has at most {n} characters</source>
        <translation>код участника содержит не более {n} символов</translation>
    </message>
    <message>
        <source>a participant code cannot contain control or invisible characters</source>
        <translation>код участника не может содержать управляющие или невидимые символы</translation>
    </message>
    <message>
        <source>this looks like an e-mail address; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>это похоже на адрес электронной почты; коды участников — псевдонимы (например, P017): храните связь с человеком вне Baseline Studio</translation>
    </message>
    <message>
        <source>this looks like a phone number; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>это похоже на номер телефона; коды участников — псевдонимы (например, P017): храните связь с человеком вне Baseline Studio</translation>
    </message>
    <message>
        <source>please fill this in</source>
        <translation>пожалуйста, заполните</translation>
    </message>
    <message>
        <source>choose one of the options</source>
        <translation>выберите один из вариантов</translation>
    </message>
    <message>
        <source>{value} is not a number</source>
        <translation>{value} — не число</translation>
    </message>
    <message>
        <source>at least {value}</source>
        <translation>не меньше {value}</translation>
    </message>
    <message>
        <source>at most {value}</source>
        <translation>не больше {value}</translation>
    </message>
    <message>
        <source>the code on your card, e.g. P001</source>
        <translation>код на вашей карточке, например P001</translation>
    </message>
    <message>
        <source>Participant code</source>
        <translation>Код участника</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Назад</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>Продолжить  ⏎</translation>
    </message>
    <message>
        <source>This code has already answered every item of this study. Check the code, or ask the study staff.</source>
        <translation>По этому коду уже даны ответы на все задания исследования. Проверьте код или обратитесь к сотрудникам исследования.</translation>
    </message>
    <message>
        <source>This looks like a person&apos;s name; participant codes should be pseudonyms (such as P017).</source>
        <translation>Это похоже на имя человека; коды участников должны быть псевдонимами (например, P017).</translation>
    </message>
    <message>
        <source>This is not one of this study&apos;s codes: check the card you were given.</source>
        <translation>Это не код данного исследования: проверьте выданную вам карточку.</translation>
    </message>
    <message>
        <source>**Practice is over.** From now on your answers count and no feedback is given.</source>
        <translation>**Тренировка окончена.** С этого момента ваши ответы засчитываются, и обратной связи не будет.</translation>
    </message>
</context>
<context>
    <name>PausePage</name>
    <message>
        <source>Paused</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>The item is hidden and the clock is stopped. Your answers so far are kept.</source>
        <translation>Задание скрыто, отсчёт времени остановлен. Ваши ответы сохранены.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Продолжить</translation>
    </message>
    <message>
        <source>or press {keys}</source>
        <translation>или нажмите {keys}</translation>
    </message>
</context>
<context>
    <name>PoemStimulusWidget</name>
    <message>
        <source>Prompt</source>
        <translation>Задание</translation>
    </message>
    <message>
        <source>Form: {form}    ·    Theme: {theme}</source>
        <translation>Форма: {form}    ·    Тема: {theme}</translation>
    </message>
</context>
<context>
    <name>ProfileForm</name>
    <message>
        <source>Choose…</source>
        <translation>Выберите…</translation>
    </message>
    <message>
        <source>a number ({low} to {high})</source>
        <translation>число (от {low} до {high})</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>число</translation>
    </message>
    <message>
        <source>  (optional)</source>
        <translation>  (необязательно)</translation>
    </message>
</context>
<context>
    <name>QueryStimulusWidget</name>
    <message>
        <source>Query</source>
        <translation>Запрос</translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s), shown with the question.</source>
        <translation>
            <numerusform>%Ln документ, показан вместе с вопросом.</numerusform>
            <numerusform>%Ln документа, показаны вместе с вопросом.</numerusform>
            <numerusform>%Ln документов, показаны вместе с вопросом.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuestionPanel</name>
    <message>
        <source>Optional.</source>
        <translation>Необязательно.</translation>
    </message>
    <message>
        <source>Question {n} (“{prompt}”)</source>
        <translation>Вопрос {n} («{prompt}»)</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>Вопрос {n}</translation>
    </message>
    <message>
        <source>“{prompt}”</source>
        <translation>«{prompt}»</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>Вопрос</translation>
    </message>
</context>
<context>
    <name>QuitQuestion</name>
    <message>
        <source>Quit?</source>
        <translation>Выйти?</translation>
    </message>
    <message>
        <source>Your answered items are saved. Quit?</source>
        <translation>Ответы на пройденные задания сохранены. Выйти?</translation>
    </message>
    <message>
        <source>You can come back later with the same code and go on where you stopped.</source>
        <translation>Вы можете вернуться позже с тем же кодом и продолжить с того места, где остановились.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Выйти</translation>
    </message>
    <message>
        <source>Keep going</source>
        <translation>Продолжить работу</translation>
    </message>
</context>
<context>
    <name>RankingWidget</name>
    <message>
        <source>Keep this order  [Space]</source>
        <translation>Оставить этот порядок  [Пробел]</translation>
    </message>
    <message>
        <source>↑ ↓ select · Ctrl+↑ / Ctrl+↓ move the selected entry · drag with the mouse</source>
        <translation>↑ ↓ выбор · Ctrl+↑ / Ctrl+↓ переместить выбранный пункт · перетаскивание мышью</translation>
    </message>
    <message>
        <source>Order recorded; you can still change it.</source>
        <translation>Порядок записан; его ещё можно изменить.</translation>
    </message>
    <message>
        <source>Put the best first. The order counts once you move an entry or keep it as it is.</source>
        <translation>Поставьте лучшее первым. Порядок засчитывается, как только вы переместите пункт или оставите порядок как есть.</translation>
    </message>
</context>
<context>
    <name>RatingWidget</name>
    <message>
        <source>N or 0</source>
        <translation>N или 0</translation>
    </message>
    <message>
        <source>{low}–{high} pick a value</source>
        <translation>{low}–{high} выбор значения</translation>
    </message>
    <message>
        <source>1–{last} pick a point</source>
        <translation>1–{last} выбор точки</translation>
    </message>
    <message>
        <source>← → move</source>
        <translation>← → перемещение</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>ответа пока нет</translation>
    </message>
    <message>
        <source>N/A</source>
        <translation>Не применимо</translation>
    </message>
</context>
<context>
    <name>RelevanceWidget</name>
    <message numerus="yes">
        <source>{grade}: %Ln document(s)</source>
        <translation>
            <numerusform>{grade}: %Ln документ</numerusform>
            <numerusform>{grade}: %Ln документа</numerusform>
            <numerusform>{grade}: %Ln документов</numerusform>
        </translation>
    </message>
    <message>
        <source>Document {n}: {grade}</source>
        <translation>Документ {n}: {grade}</translation>
    </message>
    <message>
        <source>↑ ↓ choose a document · {keys} (then the next one) · Space toggles</source>
        <translation>↑ ↓ выбор документа · {keys} (затем следующий) · Пробел переключает</translation>
    </message>
    <message numerus="yes">
        <source>{done} of %Ln document(s) judged</source>
        <translation>
            <numerusform>Оценено {done} из %Ln документа</numerusform>
            <numerusform>Оценено {done} из %Ln документов</numerusform>
            <numerusform>Оценено {done} из %Ln документов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln document(s) judged</source>
        <translation>
            <numerusform>Оценён %Ln документ</numerusform>
            <numerusform>Оценены все %Ln документа</numerusform>
            <numerusform>Оценены все %Ln документов</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResponseWidget</name>
    <message>
        <source>Keys: {keys}</source>
        <translation>Клавиши: {keys}</translation>
    </message>
</context>
<context>
    <name>RichTextView</name>
    <message>
        <source>[image missing]</source>
        <translation>[изображение отсутствует]</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>opening the session</source>
        <translation>открытие сеанса</translation>
    </message>
    <message>
        <source>registering the study version</source>
        <translation>регистрация версии исследования</translation>
    </message>
    <message>
        <source>finding the next screen</source>
        <translation>поиск следующего экрана</translation>
    </message>
    <message>
        <source>recording the introduction as read</source>
        <translation>запись о прочтении введения</translation>
    </message>
    <message>
        <source>starting the break</source>
        <translation>начало перерыва</translation>
    </message>
    <message>
        <source>ending the break</source>
        <translation>окончание перерыва</translation>
    </message>
    <message>
        <source>logging {kind}</source>
        <translation>запись события {kind}</translation>
    </message>
    <message>
        <source>flagging a stimulus problem</source>
        <translation>отметка о проблеме с материалом</translation>
    </message>
    <message>
        <source>closing the session</source>
        <translation>закрытие сеанса</translation>
    </message>
</context>
<context>
    <name>TextWidget</name>
    <message>
        <source>Your comment</source>
        <translation>Ваш комментарий</translation>
    </message>
    <message>
        <source>Your comment (optional)</source>
        <translation>Ваш комментарий (необязательно)</translation>
    </message>
    <message>
        <source>click the box or Tab to it, then type; Tab or Esc leaves it</source>
        <translation>щёлкните поле или перейдите к нему клавишей Tab и печатайте; Tab или Esc — выйти из поля</translation>
    </message>
</context>
<context>
    <name>TrialHeader</name>
    <message>
        <source>Practice</source>
        <translation>Тренировка</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Основная часть</translation>
    </message>
    <message>
        <source>practice: you will see the right answer</source>
        <translation>тренировка: вы увидите правильный ответ</translation>
    </message>
    <message>
        <source>Item {n} of {of} in this part  ·  {done} of {total} done</source>
        <translation>Задание {n} из {of} в этой части  ·  выполнено {done} из {total}</translation>
    </message>
    <message>
        <source>Item {n} of {total}</source>
        <translation>Задание {n} из {total}</translation>
    </message>
</context>
<context>
    <name>TrialScreen</name>
    <message>
        <source>To write a comment, click its box (or press Tab until you reach it), then type.</source>
        <translation>Чтобы написать комментарий, щёлкните его поле (или нажимайте Tab, пока не дойдёте до него) и печатайте.</translation>
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
        <translation>P или Esc</translation>
    </message>
    <message>
        <source>{name} still needs an answer.</source>
        <translation>{name}: ещё нужен ответ.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln more question(s) also need one.</source>
        <translation>
            <numerusform>Ответ нужен ещё на %Ln вопрос.</numerusform>
            <numerusform>Ответ нужен ещё на %Ln вопроса.</numerusform>
            <numerusform>Ответ нужен ещё на %Ln вопросов.</numerusform>
        </translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Пробел</translation>
    </message>
    <message>
        <source>show the item</source>
        <translation>показать задание</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this list of keys</source>
        <translation>этот список клавиш</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>Вопрос {n}</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Ответ</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>submit the answers, or go to the question still open</source>
        <translation>отправить ответы или перейти к вопросу, оставшемуся без ответа</translation>
    </message>
    <message>
        <source> (in a comment box: Ctrl+Enter)</source>
        <translation> (в поле комментария: Ctrl+Enter)</translation>
    </message>
    <message>
        <source>pause: the item is hidden and the clock stops</source>
        <translation>пауза: задание скрывается, отсчёт времени останавливается</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>next / previous question, in reading order</source>
        <translation>следующий / предыдущий вопрос, в порядке чтения</translation>
    </message>
    <message>
        <source>Press Space when you are ready.</source>
        <translation>Нажмите Пробел, когда будете готовы.</translation>
    </message>
    <message>
        <source>Loading the images…</source>
        <translation>Загрузка изображений…</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>Submit  ⏎</source>
        <translation>Отправить  ⏎</translation>
    </message>
    <message>
        <source>Your answer key submits at once</source>
        <translation>Клавиша ответа сразу отправляет его</translation>
    </message>
    <message>
        <source>Enter submits · from a comment box, Ctrl+Enter</source>
        <translation>Enter — отправить · из поля комментария — Ctrl+Enter</translation>
    </message>
    <message>
        <source>Enter submits</source>
        <translation>Enter — отправить</translation>
    </message>
    <message>
        <source>Pause  ({keys})</source>
        <translation>Пауза  ({keys})</translation>
    </message>
    <message>
        <source>Continue  (Space)</source>
        <translation>Продолжить  (Пробел)</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Сохранение…</translation>
    </message>
    <message>
        <source>Time is up.</source>
        <translation>Время вышло.</translation>
    </message>
    <message>
        <source>Press Space to go on.</source>
        <translation>Нажмите Пробел, чтобы продолжить.</translation>
    </message>
    <message>
        <source>**Could not save your answer:** {message}  
Your answers are kept. Press Submit to try again, or call the study team.</source>
        <translation>**Не удалось сохранить ответ:** {message}  
Ваши ответы на месте. Нажмите «Отправить», чтобы попробовать снова, или позовите сотрудников исследования.</translation>
    </message>
    <message>
        <source>Try again  ⏎</source>
        <translation>Повторить  ⏎</translation>
    </message>
    <message>
        <source>**Check before you submit:** {answer}.  
Press Enter (or Confirm) again to submit.</source>
        <translation>**Проверьте перед отправкой:** {answer}.  
Нажмите Enter (или «Подтвердить») ещё раз, чтобы отправить.</translation>
    </message>
    <message>
        <source>Confirm  ⏎</source>
        <translation>Подтвердить  ⏎</translation>
    </message>
    <message>
        <source>Time left: {seconds} s</source>
        <translation>Осталось времени: {seconds} с</translation>
    </message>
    <message>
        <source>Your answer key</source>
        <translation>Клавиша ответа</translation>
    </message>
    <message>
        <source>submits at once (no Enter)</source>
        <translation>сразу отправляет ответ (без Enter)</translation>
    </message>
</context>
</TS>
