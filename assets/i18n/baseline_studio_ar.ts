<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar" sourcelanguage="en">
<context>
    <name>AdjustmentBar</name>
    <message>
        <source>Fit  [Alt+F]</source>
        <translation>ملاءمة  [Alt+F]</translation>
    </message>
    <message>
        <source>Fit each image in its frame</source>
        <translation>ملاءمة كل صورة داخل إطارها</translation>
    </message>
    <message>
        <source>1:1  [Alt+1]</source>
        <translation>1:1  [Alt+1]</translation>
    </message>
    <message>
        <source>One image pixel per screen pixel</source>
        <translation>بكسل واحد من الصورة لكل بكسل من الشاشة</translation>
    </message>
    <message>
        <source>Brightness</source>
        <translation>السطوع</translation>
    </message>
    <message>
        <source>Contrast</source>
        <translation>التباين</translation>
    </message>
    <message>
        <source>Local contrast (CLAHE)</source>
        <translation>التباين المحلي (CLAHE)</translation>
    </message>
    <message>
        <source>Contrast-limited adaptive histogram equalisation: brings out detail in dark and bright regions</source>
        <translation>معادلة المدرج التكراري التكيفية محدودة التباين: تُبرز التفاصيل في المناطق الداكنة والساطعة</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>إعادة الضبط</translation>
    </message>
    <message>
        <source>Fit, and undo every adjustment</source>
        <translation>ملاءمة الصورة والتراجع عن كل التعديلات</translation>
    </message>
</context>
<context>
    <name>BestWorstWidget</name>
    <message>
        <source>Best</source>
        <translation>الأفضل</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>الأسوأ</translation>
    </message>
    <message>
        <source>1–{n}: first the “{best}”, then the “{worst}” · Backspace: take back the last pick</source>
        <translation>1–{n}: أولًا «{best}»، ثم «{worst}» · Backspace: للتراجع عن آخر اختيار</translation>
    </message>
    <message>
        <source>{role}: card {n}</source>
        <translation>{role}: البطاقة {n}</translation>
    </message>
    <message>
        <source>Both picked. A number now changes the “{worst}”.</source>
        <translation>تم اختيار الاثنين. الرقم الآن يغيّر «{worst}».</translation>
    </message>
    <message>
        <source>Now pick the “{role}”.</source>
        <translation>اختر الآن «{role}».</translation>
    </message>
</context>
<context>
    <name>CardsStimulusWidget</name>
    <message numerus="yes">
        <source>%Ln card(s) to sort below.</source>
        <translation>
            <numerusform>لا توجد بطاقات للفرز أدناه.</numerusform>
            <numerusform>بطاقة واحدة للفرز أدناه.</numerusform>
            <numerusform>بطاقتان للفرز أدناه.</numerusform>
            <numerusform>%Ln بطاقات للفرز أدناه.</numerusform>
            <numerusform>%Ln بطاقةً للفرز أدناه.</numerusform>
            <numerusform>%Ln بطاقة للفرز أدناه.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChoiceWidget</name>
    <message>
        <source>, or 1–{last} in order</source>
        <translation>، أو 1–{last} بالترتيب</translation>
    </message>
</context>
<context>
    <name>ClusteringWidget</name>
    <message>
        <source>arrows select a card · 1–9 put it in that group, 0 back · Ctrl+N new group with it · F2 rename · Del delete an empty group · or drag the cards</source>
        <translation>الأسهم تختار بطاقة · 1–9 تضعها في تلك المجموعة، 0 تعيدها · Ctrl+N مجموعة جديدة بها · F2 إعادة التسمية · Del حذف مجموعة فارغة · أو اسحب البطاقات</translation>
    </message>
    <message>
        <source>+  New group  [Ctrl+N]</source>
        <translation>+  مجموعة جديدة  [Ctrl+N]</translation>
    </message>
    <message>
        <source>Drop a card here to start a group with it</source>
        <translation>أفلت بطاقة هنا لبدء مجموعة بها</translation>
    </message>
    <message numerus="yes">
        <source>This question asks for exactly %Ln group(s).</source>
        <translation>
            <numerusform>يطلب هذا السؤال عدم تكوين أي مجموعة.</numerusform>
            <numerusform>يطلب هذا السؤال مجموعة واحدة بالضبط.</numerusform>
            <numerusform>يطلب هذا السؤال مجموعتين بالضبط.</numerusform>
            <numerusform>يطلب هذا السؤال %Ln مجموعات بالضبط.</numerusform>
            <numerusform>يطلب هذا السؤال %Ln مجموعةً بالضبط.</numerusform>
            <numerusform>يطلب هذا السؤال %Ln مجموعة بالضبط.</numerusform>
        </translation>
    </message>
    <message>
        <source>Move its cards out first, or use the group&apos;s ✕ button.</source>
        <translation>انقل بطاقاتها أولًا، أو استخدم زر ✕ الخاص بالمجموعة.</translation>
    </message>
    <message numerus="yes">
        <source>Not grouped yet (%Ln)</source>
        <translation>
            <numerusform>لم تُجمَّع بعد (%Ln)</numerusform>
            <numerusform>لم تُجمَّع بعد (%Ln)</numerusform>
            <numerusform>لم تُجمَّع بعد (%Ln)</numerusform>
            <numerusform>لم تُجمَّع بعد (%Ln)</numerusform>
            <numerusform>لم تُجمَّع بعد (%Ln)</numerusform>
            <numerusform>لم تُجمَّع بعد (%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <source>Every card is in a group.</source>
        <translation>كل البطاقات في مجموعات.</translation>
    </message>
    <message>
        <source>Group {n}</source>
        <translation>المجموعة {n}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln card(s) not in a group yet</source>
        <translation>
            <numerusform>لا بطاقات خارج المجموعات</numerusform>
            <numerusform>بطاقة واحدة لم توضع في مجموعة بعد</numerusform>
            <numerusform>بطاقتان لم توضعا في مجموعة بعد</numerusform>
            <numerusform>%Ln بطاقات لم توضع في مجموعة بعد</numerusform>
            <numerusform>%Ln بطاقةً لم توضع في مجموعة بعد</numerusform>
            <numerusform>%Ln بطاقة لم توضع في مجموعة بعد</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>make exactly %Ln group(s) ({filled} hold cards)</source>
        <translation>
            <numerusform>لا تكوّن أي مجموعة ({filled} بها بطاقات)</numerusform>
            <numerusform>كوّن مجموعة واحدة بالضبط ({filled} بها بطاقات)</numerusform>
            <numerusform>كوّن مجموعتين بالضبط ({filled} بها بطاقات)</numerusform>
            <numerusform>كوّن %Ln مجموعات بالضبط ({filled} بها بطاقات)</numerusform>
            <numerusform>كوّن %Ln مجموعةً بالضبط ({filled} بها بطاقات)</numerusform>
            <numerusform>كوّن %Ln مجموعة بالضبط ({filled} بها بطاقات)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>give every group a name of its own (%Ln still called “{name}”)</source>
        <translation>
            <numerusform>أعطِ كل مجموعة اسمًا خاصًا بها</numerusform>
            <numerusform>أعطِ كل مجموعة اسمًا خاصًا بها (واحدة ما زالت تُسمّى “{name}”)</numerusform>
            <numerusform>أعطِ كل مجموعة اسمًا خاصًا بها (اثنتان ما زالتا تُسمّيان “{name}” وما شابه)</numerusform>
            <numerusform>أعطِ كل مجموعة اسمًا خاصًا بها (%Ln ما زالت تُسمّى “{name}” وما شابه)</numerusform>
            <numerusform>أعطِ كل مجموعة اسمًا خاصًا بها (%Ln ما زالت تُسمّى “{name}” وما شابه)</numerusform>
            <numerusform>أعطِ كل مجموعة اسمًا خاصًا بها (%Ln ما زالت تُسمّى “{name}” وما شابه)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“{name}” (%Ln card(s))</source>
        <translation>
            <numerusform>“{name}” (لا بطاقات)</numerusform>
            <numerusform>“{name}” (بطاقة واحدة)</numerusform>
            <numerusform>“{name}” (بطاقتان)</numerusform>
            <numerusform>“{name}” (%Ln بطاقات)</numerusform>
            <numerusform>“{name}” (%Ln بطاقةً)</numerusform>
            <numerusform>“{name}” (%Ln بطاقة)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln group(s): {groups}</source>
        <translation>
            <numerusform>لا مجموعات: {groups}</numerusform>
            <numerusform>مجموعة واحدة: {groups}</numerusform>
            <numerusform>مجموعتان: {groups}</numerusform>
            <numerusform>%Ln مجموعات: {groups}</numerusform>
            <numerusform>%Ln مجموعةً: {groups}</numerusform>
            <numerusform>%Ln مجموعة: {groups}</numerusform>
        </translation>
    </message>
    <message>
        <source>Cards not grouped yet have no group to rename: put the card in a group first (1–9, or Ctrl+N for a new one), then F2.</source>
        <translation>البطاقات غير المجمّعة بعد ليست في مجموعة لإعادة تسميتها: ضع البطاقة في مجموعة أولًا (1–9، أو Ctrl+N لمجموعة جديدة)، ثم اضغط F2.</translation>
    </message>
</context>
<context>
    <name>CodeInUseScreen</name>
    <message>
        <source>less than a minute ago</source>
        <translation>منذ أقل من دقيقة</translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>منذ أقل من دقيقة</numerusform>
            <numerusform>منذ دقيقة واحدة</numerusform>
            <numerusform>منذ دقيقتين</numerusform>
            <numerusform>منذ %Ln دقائق</numerusform>
            <numerusform>منذ %Ln دقيقةً</numerusform>
            <numerusform>منذ %Ln دقيقة</numerusform>
        </translation>
    </message>
    <message>
        <source>**{code}** was last answering {when} in a session that was not closed.

If {code} is working on another computer or in another window now, go back and finish there: two places answering as one code record the same items twice.

If that computer crashed or was switched off, continue here: nothing saved is lost.</source>
        <translation>كان **{code}** يجيب آخر مرة {when} في جلسة لم تُغلق.

إذا كان {code} يعمل الآن على حاسوب آخر أو في نافذة أخرى، فارجع وأكمل هناك: مكانان يجيبان بالرمز نفسه يسجّلان العناصر نفسها مرتين.

إذا تعطّل ذلك الحاسوب أو أُطفئ، فتابع هنا: لن يضيع شيء مما حُفظ.</translation>
    </message>
    <message>
        <source>Is {code} answering somewhere else?</source>
        <translation>هل يجيب {code} في مكان آخر؟</translation>
    </message>
    <message>
        <source>Continue here</source>
        <translation>المتابعة هنا</translation>
    </message>
    <message>
        <source>Go back  (Esc)</source>
        <translation>رجوع  (Esc)</translation>
    </message>
</context>
<context>
    <name>Column</name>
    <message>
        <source>Rename this group  [F2]</source>
        <translation>إعادة تسمية هذه المجموعة  [F2]</translation>
    </message>
    <message>
        <source>Delete this group; its cards go back  [Del]</source>
        <translation>حذف هذه المجموعة؛ تعود بطاقاتها  [Del]</translation>
    </message>
    <message>
        <source>Drop cards here</source>
        <translation>أفلت البطاقات هنا</translation>
    </message>
    <message>
        <source>Every card is in a group</source>
        <translation>كل البطاقات في مجموعات</translation>
    </message>
</context>
<context>
    <name>ConsentScreen</name>
    <message>
        <source>Consent</source>
        <translation>الموافقة</translation>
    </message>
    <message>
        <source>I have read the above and agree to take part.</source>
        <translation>قرأتُ ما سبق وأوافق على المشاركة.</translation>
    </message>
    <message>
        <source>Space ticks the box, Enter continues, Esc declines.</source>
        <translation>المسافة تحدّد المربع، وEnter للمتابعة، وEsc للرفض.</translation>
    </message>
    <message>
        <source>I do not agree</source>
        <translation>لا أوافق</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>متابعة  ⏎</translation>
    </message>
    <message>
        <source>Do you want to decline? Press Esc again to decline, or tick the box to take part.</source>
        <translation>هل تريد الرفض؟ اضغط Esc مرة أخرى للرفض، أو ضع علامة في المربع للمشاركة.</translation>
    </message>
</context>
<context>
    <name>Feedback</name>
    <message>
        <source>no answer</source>
        <translation>لا إجابة</translation>
    </message>
    <message>
        <source>✓ **Correct:** {answer}</source>
        <translation>✓ **صحيح:** {answer}</translation>
    </message>
    <message>
        <source>✗ **Not quite.** The expected answer: {answer}</source>
        <translation>✗ **ليس تمامًا.** الإجابة المتوقعة: {answer}</translation>
    </message>
    <message>
        <source>⏱ **Time ran out** before an answer. The expected answer: {answer}</source>
        <translation>⏱ **انتهى الوقت** قبل الإجابة. الإجابة المتوقعة: {answer}</translation>
    </message>
</context>
<context>
    <name>FontZoom</name>
    <message>
        <source>Larger text</source>
        <translation>نص أكبر</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>نص أصغر</translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation>حجم النص العادي</translation>
    </message>
</context>
<context>
    <name>ImagePanel</name>
    <message>
        <source>Image {n}</source>
        <translation>الصورة {n}</translation>
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
        <translation>ملاءمة الصور</translation>
    </message>
    <message>
        <source>Alt+1</source>
        <translation>Alt+1</translation>
    </message>
    <message>
        <source>actual size (1:1)</source>
        <translation>الحجم الفعلي (1:1)</translation>
    </message>
    <message>
        <source>Alt + / Alt −</source>
        <translation>Alt + / Alt −</translation>
    </message>
    <message>
        <source>zoom in / out (or the mouse wheel)</source>
        <translation>تكبير / تصغير (أو عجلة الفأرة)</translation>
    </message>
    <message>
        <source>Alt+arrows</source>
        <translation>Alt+الأسهم</translation>
    </message>
    <message>
        <source>move around a zoomed image (or drag it)</source>
        <translation>التنقل في صورة مكبّرة (أو اسحبها)</translation>
    </message>
    <message>
        <source>Alt+] / Alt+[</source>
        <translation>Alt+] / Alt+[</translation>
    </message>
    <message>
        <source>DICOM: wider / narrower window (or drag across with the right button)</source>
        <translation>DICOM: نافذة أعرض / أضيق (أو اسحب أفقيًا بالزر الأيمن)</translation>
    </message>
    <message>
        <source>Alt+PgUp / Alt+PgDn</source>
        <translation>Alt+PgUp / Alt+PgDn</translation>
    </message>
    <message>
        <source>DICOM: raise / lower the level (or drag up and down with the right button)</source>
        <translation>DICOM: ارفع / اخفض المستوى (أو اسحب لأعلى ولأسفل بالزر الأيمن)</translation>
    </message>
    <message>
        <source>Alt+I · Alt+0 · Alt+2..9</source>
        <translation>Alt+I · Alt+0 · Alt+2..9</translation>
    </message>
    <message>
        <source>DICOM: invert · the file&apos;s window · the study&apos;s presets</source>
        <translation>DICOM: عكس الألوان · نافذة الملف · الإعدادات المسبقة للدراسة</translation>
    </message>
    <message>
        <source>Alt+. / Alt+,</source>
        <translation>Alt+. / Alt+,</translation>
    </message>
    <message>
        <source>DICOM: next / previous frame (or the slider under a multi-frame image)</source>
        <translation>DICOM: الإطار التالي / السابق (أو شريط التمرير أسفل الصورة متعددة الإطارات)</translation>
    </message>
    <message>
        <source>This image cannot be shown.

{message}</source>
        <translation>لا يمكن عرض هذه الصورة.

{message}</translation>
    </message>
    <message>
        <source>W {width} · L {level}</source>
        <translation>W {width} · L {level}</translation>
    </message>
    <message>
        <source>inverted</source>
        <translation>معكوسة</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>الإطار</translation>
    </message>
    <message>
        <source>frame {n} of {total}</source>
        <translation>الإطار {n} من {total}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>خطأ غير معروف</translation>
    </message>
    <message>
        <source>Alt+B / Alt+Shift+B</source>
        <translation>Alt+B / Alt+Shift+B</translation>
    </message>
    <message>
        <source>brighter / darker</source>
        <translation>أفتح / أغمق</translation>
    </message>
    <message>
        <source>Alt+C / Alt+Shift+C</source>
        <translation>Alt+C / Alt+Shift+C</translation>
    </message>
    <message>
        <source>more / less contrast</source>
        <translation>تباين أكثر / أقل</translation>
    </message>
</context>
<context>
    <name>InlineImage</name>
    <message>
        <source>Image {name}</source>
        <translation>الصورة {name}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>خطأ غير معروف</translation>
    </message>
    <message>
        <source>This image cannot be shown.
{message}</source>
        <translation>لا يمكن عرض هذه الصورة.
{message}</translation>
    </message>
    <message>
        <source>Loading image…</source>
        <translation>جارٍ تحميل الصورة…</translation>
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
        <translation>الانتقال إلى الحقل أو الزر التالي / السابق</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>the highlighted button</source>
        <translation>الزر المميَّز</translation>
    </message>
    <message>
        <source>Ctrl + / Ctrl −</source>
        <translation>Ctrl + / Ctrl −</translation>
    </message>
    <message>
        <source>larger / smaller text</source>
        <translation>نص أكبر / أصغر</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this list of keys</source>
        <translation>قائمة المفاتيح هذه</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>المفاتيح في هذه الشاشة</translation>
    </message>
    <message>
        <source>F1, Esc or Enter closes this list.</source>
        <translation>يغلق F1 أو Esc أو Enter هذه القائمة.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>إغلاق</translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>Language</source>
        <translation>اللغة</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&lt;b&gt;Demo study:&lt;/b&gt; illustrative content, not real benchmark data</source>
        <translation>&lt;b&gt;دراسة تجريبية:&lt;/b&gt; محتوى توضيحي، وليست بيانات معيارية حقيقية</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;عرض</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>ملء الشاشة</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;مساعدة</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>المفاتيح في هذه الشاشة</translation>
    </message>
    <message>
        <source>&amp;Designer</source>
        <translation>&amp;المصمم</translation>
    </message>
    <message>
        <source>Designer mode…</source>
        <translation>وضع المصمم…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>خروج</translation>
    </message>
    <message>
        <source>Something went wrong while {label}: {error}</source>
        <translation>حدث خطأ أثناء {label}: {error}</translation>
    </message>
</context>
<context>
    <name>MessageScreen</name>
    <message>
        <source>Continue</source>
        <translation>متابعة</translation>
    </message>
    <message>
        <source>{button}  (Space)</source>
        <translation>{button}  (المسافة)</translation>
    </message>
    <message>
        <source>{title} (practice)</source>
        <translation>{title} (تدريب)</translation>
    </message>
    <message numerus="yes">
        <source>You have answered **{done} of %Ln** items.

Take a short break if you like: stretch, rest your eyes. Time on this screen does not count. Continue when you are ready.</source>
        <translation>
            <numerusform>عدد العناصر التي أجبتَ عنها: **{done} من %Ln**.

خذ استراحة قصيرة إن شئت: تمدّد وأرِح عينيك. الوقت على هذه الشاشة لا يُحتسب. تابع عندما تكون مستعدًا.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: **{done} من %Ln**.

خذ استراحة قصيرة إن شئت: تمدّد وأرِح عينيك. الوقت على هذه الشاشة لا يُحتسب. تابع عندما تكون مستعدًا.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: **{done} من %Ln**.

خذ استراحة قصيرة إن شئت: تمدّد وأرِح عينيك. الوقت على هذه الشاشة لا يُحتسب. تابع عندما تكون مستعدًا.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: **{done} من %Ln**.

خذ استراحة قصيرة إن شئت: تمدّد وأرِح عينيك. الوقت على هذه الشاشة لا يُحتسب. تابع عندما تكون مستعدًا.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: **{done} من %Ln**.

خذ استراحة قصيرة إن شئت: تمدّد وأرِح عينيك. الوقت على هذه الشاشة لا يُحتسب. تابع عندما تكون مستعدًا.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: **{done} من %Ln**.

خذ استراحة قصيرة إن شئت: تمدّد وأرِح عينيك. الوقت على هذه الشاشة لا يُحتسب. تابع عندما تكون مستعدًا.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your next reading session is not open yet</source>
        <translation>جلسة القراءة التالية لم تُفتح بعد</translation>
    </message>
    <message>
        <source>This reading session is finished</source>
        <translation>انتهت جلسة القراءة هذه</translation>
    </message>
    <message>
        <source>The study asks for a pause between reading sessions, so that every case is read afresh. Your next session opens on **{when}**: please come back then, with the same code.</source>
        <translation>تطلب الدراسة فترة توقف بين جلسات القراءة، لكي تُقرأ كل حالة من جديد. تُفتح جلستك التالية في **{when}**: يُرجى العودة حينها بالرمز نفسه.</translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code. The next one opens on **{when}**.</source>
        <translation>
            <numerusform>%n جلسة قراءة أخرى قادمة بالرمز نفسه. تُفتح التالية في **{when}**.</numerusform>
            <numerusform>%n جلسة قراءة أخرى قادمة بالرمز نفسه. تُفتح التالية في **{when}**.</numerusform>
            <numerusform>%n جلستا قراءة أخريان قادمتان بالرمز نفسه. تُفتح التالية في **{when}**.</numerusform>
            <numerusform>%n جلسات قراءة أخرى قادمة بالرمز نفسه. تُفتح التالية في **{when}**.</numerusform>
            <numerusform>%n جلسة قراءة أخرى قادمة بالرمز نفسه. تُفتح التالية في **{when}**.</numerusform>
            <numerusform>%n جلسة قراءة أخرى قادمة بالرمز نفسه. تُفتح التالية في **{when}**.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code: the next one can start now.</source>
        <translation>
            <numerusform>%n جلسة قراءة أخرى قادمة بالرمز نفسه: يمكن بدء التالية الآن.</numerusform>
            <numerusform>%n جلسة قراءة أخرى قادمة بالرمز نفسه: يمكن بدء التالية الآن.</numerusform>
            <numerusform>%n جلستا قراءة أخريان قادمتان بالرمز نفسه: يمكن بدء التالية الآن.</numerusform>
            <numerusform>%n جلسات قراءة أخرى قادمة بالرمز نفسه: يمكن بدء التالية الآن.</numerusform>
            <numerusform>%n جلسة قراءة أخرى قادمة بالرمز نفسه: يمكن بدء التالية الآن.</numerusform>
            <numerusform>%n جلسة قراءة أخرى قادمة بالرمز نفسه: يمكن بدء التالية الآن.</numerusform>
        </translation>
    </message>
    <message>
        <source>**Thank you!** Your answers are saved.</source>
        <translation>**شكرًا لك!** حُفظت إجاباتك.</translation>
    </message>
    <message numerus="yes">
        <source>You answered {done} of %Ln items.</source>
        <translation>
            <numerusform>عدد العناصر التي أجبتَ عنها: {done} من %Ln.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: {done} من %Ln.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: {done} من %Ln.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: {done} من %Ln.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: {done} من %Ln.</numerusform>
            <numerusform>عدد العناصر التي أجبتَ عنها: {done} من %Ln.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your score on the items with a right answer: **{score}**.</source>
        <translation>نتيجتك في العناصر التي لها إجابة صحيحة: **{score}**.</translation>
    </message>
    <message>
        <source>Please tell the study team that you have finished.</source>
        <translation>يُرجى إبلاغ فريق الدراسة بأنك انتهيت.</translation>
    </message>
</context>
<context>
    <name>PairStimulusWidget</name>
    <message>
        <source>Sentence 1</source>
        <translation>الجملة 1</translation>
    </message>
    <message>
        <source>Sentence 2</source>
        <translation>الجملة 2</translation>
    </message>
</context>
<context>
    <name>PairwiseWidget</name>
    <message>
        <source>About the same</source>
        <translation>متساويان تقريبًا</translation>
    </message>
    <message>
        <source>The left one is better</source>
        <translation>الأيسر أفضل</translation>
    </message>
    <message>
        <source>The right one is better</source>
        <translation>الأيمن أفضل</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one · T: about the same</source>
        <translation>← أو A: الأيسر · → أو B: الأيمن · T: متساويان تقريبًا</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one</source>
        <translation>← أو A: الأيسر · → أو B: الأيمن</translation>
    </message>
    <message>
        <source>the left one</source>
        <translation>الأيسر</translation>
    </message>
    <message>
        <source>the right one</source>
        <translation>الأيمن</translation>
    </message>
</context>
<context>
    <name>ParticipantFlow</name>
    <message>
        <source>Something went wrong while checking {code}: {error}</source>
        <translation>حدث خطأ أثناء التحقق من {code}: {error}</translation>
    </message>
    <message>
        <source>You did not agree to take part</source>
        <translation>لم توافق على المشاركة</translation>
    </message>
    <message>
        <source>No session was started and none of your answers were recorded. Thank you for your time.

If you declined by mistake, or have a question about the study, please tell the study staff.</source>
        <translation>لم تبدأ أي جلسة ولم تُسجَّل أي من إجاباتك. شكرًا على وقتك.

إذا رفضت عن طريق الخطأ، أو كان لديك سؤال عن الدراسة، فيُرجى إبلاغ فريق الدراسة.</translation>
    </message>
    <message>
        <source>Back to the start</source>
        <translation>العودة إلى البداية</translation>
    </message>
    <message numerus="yes">
        <source>Welcome back: {answered} of %Ln items answered. You continue where you stopped.</source>
        <translation>
            <numerusform>مرحبًا بعودتك: أجبتَ عن {answered} من %Ln. ستتابع من حيث توقفت.</numerusform>
            <numerusform>مرحبًا بعودتك: أجبتَ عن {answered} من %Ln. ستتابع من حيث توقفت.</numerusform>
            <numerusform>مرحبًا بعودتك: أجبتَ عن {answered} من %Ln. ستتابع من حيث توقفت.</numerusform>
            <numerusform>مرحبًا بعودتك: أجبتَ عن {answered} من %Ln. ستتابع من حيث توقفت.</numerusform>
            <numerusform>مرحبًا بعودتك: أجبتَ عن {answered} من %Ln. ستتابع من حيث توقفت.</numerusform>
            <numerusform>مرحبًا بعودتك: أجبتَ عن {answered} من %Ln. ستتابع من حيث توقفت.</numerusform>
        </translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>التعليمات</translation>
    </message>
    <message>
        <source>Welcome back</source>
        <translation>مرحبًا بعودتك</translation>
    </message>
    <message>
        <source>Begin</source>
        <translation>ابدأ</translation>
    </message>
    <message>
        <source>Something went wrong while {what}: {error}</source>
        <translation>حدث خطأ أثناء {what}: {error}</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>ابدأ</translation>
    </message>
    <message>
        <source>Break</source>
        <translation>استراحة</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>انتهيت</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>تم</translation>
    </message>
    <message>
        <source>the session is not open</source>
        <translation>الجلسة غير مفتوحة</translation>
    </message>
</context>
<context>
    <name>ParticipantScreen</name>
    <message>
        <source>a participant code is required</source>
        <translation>رمز المشارك مطلوب</translation>
    </message>
    <message>
        <source>a participant code has at most {n} characters</source>
        <translation>رمز المشارك لا يتجاوز {n} حرفًا</translation>
    </message>
    <message>
        <source>a participant code cannot contain control or invisible characters</source>
        <translation>لا يمكن أن يحتوي رمز المشارك على محارف تحكّم أو محارف غير مرئية</translation>
    </message>
    <message>
        <source>this looks like an e-mail address; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>يبدو هذا عنوان بريد إلكتروني؛ رموز المشاركين أسماء مستعارة (مثل P017): احتفظ بالربط بالشخص خارج Baseline Studio</translation>
    </message>
    <message>
        <source>this looks like a phone number; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>يبدو هذا رقم هاتف؛ رموز المشاركين أسماء مستعارة (مثل P017): احتفظ بالربط بالشخص خارج Baseline Studio</translation>
    </message>
    <message>
        <source>please fill this in</source>
        <translation>يُرجى ملء هذا الحقل</translation>
    </message>
    <message>
        <source>choose one of the options</source>
        <translation>اختر أحد الخيارات</translation>
    </message>
    <message>
        <source>{value} is not a number</source>
        <translation>{value} ليس رقمًا</translation>
    </message>
    <message>
        <source>at least {value}</source>
        <translation>على الأقل {value}</translation>
    </message>
    <message>
        <source>at most {value}</source>
        <translation>على الأكثر {value}</translation>
    </message>
    <message>
        <source>the code on your card, e.g. P001</source>
        <translation>الرمز المكتوب على بطاقتك، مثل P001</translation>
    </message>
    <message>
        <source>Participant code</source>
        <translation>رمز المشارك</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>رجوع</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>متابعة  ⏎</translation>
    </message>
    <message>
        <source>This code has already answered every item of this study. Check the code, or ask the study staff.</source>
        <translation>أجاب هذا الرمز بالفعل عن كل عناصر هذه الدراسة. تحقّق من الرمز، أو اسأل فريق الدراسة.</translation>
    </message>
    <message>
        <source>This looks like a person&apos;s name; participant codes should be pseudonyms (such as P017).</source>
        <translation>يبدو هذا اسم شخص؛ يجب أن تكون رموز المشاركين أسماء مستعارة (مثل P017).</translation>
    </message>
    <message>
        <source>This is not one of this study&apos;s codes: check the card you were given.</source>
        <translation>هذا ليس من رموز هذه الدراسة: تحقّق من البطاقة التي أُعطيت لك.</translation>
    </message>
    <message>
        <source>**Practice is over.** From now on your answers count and no feedback is given.</source>
        <translation>**انتهى التدريب.** من الآن فصاعدًا تُحتسب إجاباتك ولن تظهر أي ملاحظات.</translation>
    </message>
</context>
<context>
    <name>PausePage</name>
    <message>
        <source>Paused</source>
        <translation>متوقف مؤقتًا</translation>
    </message>
    <message>
        <source>The item is hidden and the clock is stopped. Your answers so far are kept.</source>
        <translation>العنصر مخفي والمؤقت متوقف. إجاباتك حتى الآن محفوظة.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>استئناف</translation>
    </message>
    <message>
        <source>or press {keys}</source>
        <translation>أو اضغط {keys}</translation>
    </message>
</context>
<context>
    <name>PoemStimulusWidget</name>
    <message>
        <source>Prompt</source>
        <translation>المطلوب</translation>
    </message>
    <message>
        <source>Form: {form}    ·    Theme: {theme}</source>
        <translation>الشكل: {form}    ·    الموضوع: {theme}</translation>
    </message>
</context>
<context>
    <name>ProfileForm</name>
    <message>
        <source>Choose…</source>
        <translation>اختر…</translation>
    </message>
    <message>
        <source>a number ({low} to {high})</source>
        <translation>رقم (من {low} إلى {high})</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>رقم</translation>
    </message>
    <message>
        <source>  (optional)</source>
        <translation>  (اختياري)</translation>
    </message>
</context>
<context>
    <name>QueryStimulusWidget</name>
    <message>
        <source>Query</source>
        <translation>الاستعلام</translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s), shown with the question.</source>
        <translation>
            <numerusform>لا توجد مستندات، تُعرض مع السؤال.</numerusform>
            <numerusform>مستند واحد، يُعرض مع السؤال.</numerusform>
            <numerusform>مستندان، يُعرضان مع السؤال.</numerusform>
            <numerusform>%Ln مستندات، تُعرض مع السؤال.</numerusform>
            <numerusform>%Ln مستندًا، تُعرض مع السؤال.</numerusform>
            <numerusform>%Ln مستند، تُعرض مع السؤال.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuestionPanel</name>
    <message>
        <source>Optional.</source>
        <translation>اختياري.</translation>
    </message>
    <message>
        <source>Question {n} (“{prompt}”)</source>
        <translation>السؤال {n} (“{prompt}”)</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>السؤال {n}</translation>
    </message>
    <message>
        <source>“{prompt}”</source>
        <translation>“{prompt}”</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>السؤال</translation>
    </message>
</context>
<context>
    <name>QuitQuestion</name>
    <message>
        <source>Quit?</source>
        <translation>خروج؟</translation>
    </message>
    <message>
        <source>Your answered items are saved. Quit?</source>
        <translation>العناصر التي أجبت عنها محفوظة. هل تريد الخروج؟</translation>
    </message>
    <message>
        <source>You can come back later with the same code and go on where you stopped.</source>
        <translation>يمكنك العودة لاحقًا بالرمز نفسه والمتابعة من حيث توقفت.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>خروج</translation>
    </message>
    <message>
        <source>Keep going</source>
        <translation>متابعة العمل</translation>
    </message>
</context>
<context>
    <name>RankingWidget</name>
    <message>
        <source>Keep this order  [Space]</source>
        <translation>الإبقاء على هذا الترتيب  [Space]</translation>
    </message>
    <message>
        <source>↑ ↓ select · Ctrl+↑ / Ctrl+↓ move the selected entry · drag with the mouse</source>
        <translation>↑ ↓ للاختيار · Ctrl+↑ / Ctrl+↓ لنقل العنصر المختار · أو اسحب بالفأرة</translation>
    </message>
    <message>
        <source>Order recorded; you can still change it.</source>
        <translation>سُجّل الترتيب؛ ما زال بإمكانك تغييره.</translation>
    </message>
    <message>
        <source>Put the best first. The order counts once you move an entry or keep it as it is.</source>
        <translation>ضع الأفضل أولًا. يُحتسب الترتيب بمجرد أن تنقل عنصرًا أو تُبقيه كما هو.</translation>
    </message>
</context>
<context>
    <name>RatingWidget</name>
    <message>
        <source>N or 0</source>
        <translation>N أو 0</translation>
    </message>
    <message>
        <source>{low}–{high} pick a value</source>
        <translation>{low}–{high} لاختيار قيمة</translation>
    </message>
    <message>
        <source>1–{last} pick a point</source>
        <translation>1–{last} لاختيار نقطة</translation>
    </message>
    <message>
        <source>← → move</source>
        <translation>← → للتحريك</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>لا إجابة بعد</translation>
    </message>
    <message>
        <source>N/A</source>
        <translation>لا ينطبق</translation>
    </message>
</context>
<context>
    <name>RelevanceWidget</name>
    <message numerus="yes">
        <source>{grade}: %Ln document(s)</source>
        <translation>
            <numerusform>{grade}: لا مستندات</numerusform>
            <numerusform>{grade}: مستند واحد</numerusform>
            <numerusform>{grade}: مستندان</numerusform>
            <numerusform>{grade}: %Ln مستندات</numerusform>
            <numerusform>{grade}: %Ln مستندًا</numerusform>
            <numerusform>{grade}: %Ln مستند</numerusform>
        </translation>
    </message>
    <message>
        <source>Document {n}: {grade}</source>
        <translation>المستند {n}: {grade}</translation>
    </message>
    <message>
        <source>↑ ↓ choose a document · {keys} (then the next one) · Space toggles</source>
        <translation>↑ ↓ لاختيار مستند · {keys} (ثم التالي) · المسافة للتبديل</translation>
    </message>
    <message numerus="yes">
        <source>{done} of %Ln document(s) judged</source>
        <translation>
            <numerusform>قُيّم {done} من %Ln</numerusform>
            <numerusform>قُيّم {done} من %Ln</numerusform>
            <numerusform>قُيّم {done} من %Ln</numerusform>
            <numerusform>قُيّم {done} من %Ln</numerusform>
            <numerusform>قُيّم {done} من %Ln</numerusform>
            <numerusform>قُيّم {done} من %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln document(s) judged</source>
        <translation>
            <numerusform>لا مستندات للتقييم</numerusform>
            <numerusform>قُيّم المستند</numerusform>
            <numerusform>قُيّم المستندان كلاهما</numerusform>
            <numerusform>قُيّمت المستندات الـ%Ln كلها</numerusform>
            <numerusform>قُيّمت المستندات الـ%Ln كلها</numerusform>
            <numerusform>قُيّمت المستندات الـ%Ln كلها</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResponseWidget</name>
    <message>
        <source>Keys: {keys}</source>
        <translation>المفاتيح: {keys}</translation>
    </message>
</context>
<context>
    <name>RichTextView</name>
    <message>
        <source>[image missing]</source>
        <translation>[الصورة مفقودة]</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>opening the session</source>
        <translation>فتح الجلسة</translation>
    </message>
    <message>
        <source>registering the study version</source>
        <translation>تسجيل إصدار الدراسة</translation>
    </message>
    <message>
        <source>finding the next screen</source>
        <translation>البحث عن الشاشة التالية</translation>
    </message>
    <message>
        <source>recording the introduction as read</source>
        <translation>تسجيل قراءة المقدمة</translation>
    </message>
    <message>
        <source>starting the break</source>
        <translation>بدء الاستراحة</translation>
    </message>
    <message>
        <source>ending the break</source>
        <translation>إنهاء الاستراحة</translation>
    </message>
    <message>
        <source>logging {kind}</source>
        <translation>تسجيل {kind}</translation>
    </message>
    <message>
        <source>flagging a stimulus problem</source>
        <translation>الإبلاغ عن مشكلة في المحتوى المعروض</translation>
    </message>
    <message>
        <source>closing the session</source>
        <translation>إغلاق الجلسة</translation>
    </message>
</context>
<context>
    <name>TextWidget</name>
    <message>
        <source>Your comment</source>
        <translation>تعليقك</translation>
    </message>
    <message>
        <source>Your comment (optional)</source>
        <translation>تعليقك (اختياري)</translation>
    </message>
    <message>
        <source>click the box or Tab to it, then type; Tab or Esc leaves it</source>
        <translation>انقر المربع أو انتقل إليه بـ Tab، ثم اكتب؛ Tab أو Esc للخروج منه</translation>
    </message>
</context>
<context>
    <name>TrialHeader</name>
    <message>
        <source>Practice</source>
        <translation>تدريب</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>الأساسي</translation>
    </message>
    <message>
        <source>practice: you will see the right answer</source>
        <translation>تدريب: سترى الإجابة الصحيحة</translation>
    </message>
    <message>
        <source>Item {n} of {of} in this part  ·  {done} of {total} done</source>
        <translation>العنصر {n} من {of} في هذا الجزء  ·  أُنجز {done} من {total}</translation>
    </message>
    <message>
        <source>Item {n} of {total}</source>
        <translation>العنصر {n} من {total}</translation>
    </message>
</context>
<context>
    <name>TrialScreen</name>
    <message>
        <source>To write a comment, click its box (or press Tab until you reach it), then type.</source>
        <translation>لكتابة تعليق، انقر مربعه (أو اضغط Tab حتى تصل إليه)، ثم اكتب.</translation>
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
        <translation>P أو Esc</translation>
    </message>
    <message>
        <source>{name} still needs an answer.</source>
        <translation>{name} ما زال بحاجة إلى إجابة.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln more question(s) also need one.</source>
        <translation>
            <numerusform>لا أسئلة أخرى بحاجة إلى إجابة.</numerusform>
            <numerusform>سؤال آخر بحاجة إلى إجابة أيضًا.</numerusform>
            <numerusform>سؤالان آخران بحاجة إلى إجابة أيضًا.</numerusform>
            <numerusform>%Ln أسئلة أخرى بحاجة إلى إجابة أيضًا.</numerusform>
            <numerusform>%Ln سؤالًا آخر بحاجة إلى إجابة أيضًا.</numerusform>
            <numerusform>%Ln سؤال آخر بحاجة إلى إجابة أيضًا.</numerusform>
        </translation>
    </message>
    <message>
        <source>Space</source>
        <translation>المسافة</translation>
    </message>
    <message>
        <source>show the item</source>
        <translation>عرض العنصر</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this list of keys</source>
        <translation>قائمة المفاتيح هذه</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>السؤال {n}</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>الإجابة</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>submit the answers, or go to the question still open</source>
        <translation>إرسال الإجابات، أو الانتقال إلى السؤال الذي لم يُجب بعد</translation>
    </message>
    <message>
        <source> (in a comment box: Ctrl+Enter)</source>
        <translation> (في مربع التعليق: Ctrl+Enter)</translation>
    </message>
    <message>
        <source>pause: the item is hidden and the clock stops</source>
        <translation>إيقاف مؤقت: يُخفى العنصر ويتوقف المؤقت</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>next / previous question, in reading order</source>
        <translation>السؤال التالي / السابق، بترتيب القراءة</translation>
    </message>
    <message>
        <source>Press Space when you are ready.</source>
        <translation>اضغط المسافة عندما تكون مستعدًا.</translation>
    </message>
    <message>
        <source>Loading the images…</source>
        <translation>جارٍ تحميل الصور…</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>إيقاف مؤقت</translation>
    </message>
    <message>
        <source>Submit  ⏎</source>
        <translation>إرسال  ⏎</translation>
    </message>
    <message>
        <source>Your answer key submits at once</source>
        <translation>مفتاح إجابتك يرسلها فورًا</translation>
    </message>
    <message>
        <source>Enter submits · from a comment box, Ctrl+Enter</source>
        <translation>Enter للإرسال · ومن مربع التعليق Ctrl+Enter</translation>
    </message>
    <message>
        <source>Enter submits</source>
        <translation>Enter للإرسال</translation>
    </message>
    <message>
        <source>Pause  ({keys})</source>
        <translation>إيقاف مؤقت  ({keys})</translation>
    </message>
    <message>
        <source>Continue  (Space)</source>
        <translation>متابعة  (المسافة)</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>جارٍ الحفظ…</translation>
    </message>
    <message>
        <source>Time is up.</source>
        <translation>انتهى الوقت.</translation>
    </message>
    <message>
        <source>Press Space to go on.</source>
        <translation>اضغط المسافة للمتابعة.</translation>
    </message>
    <message>
        <source>**Could not save your answer:** {message}  
Your answers are kept. Press Submit to try again, or call the study team.</source>
        <translation>**تعذّر حفظ إجابتك:** {message}  
إجاباتك محفوظة على الشاشة. اضغط إرسال للمحاولة مجددًا، أو استدعِ فريق الدراسة.</translation>
    </message>
    <message>
        <source>Try again  ⏎</source>
        <translation>حاول مجددًا  ⏎</translation>
    </message>
    <message>
        <source>**Check before you submit:** {answer}.  
Press Enter (or Confirm) again to submit.</source>
        <translation>**راجِع قبل الإرسال:** {answer}.  
اضغط Enter (أو تأكيد) مرة أخرى للإرسال.</translation>
    </message>
    <message>
        <source>Confirm  ⏎</source>
        <translation>تأكيد  ⏎</translation>
    </message>
    <message>
        <source>Time left: {seconds} s</source>
        <translation>الوقت المتبقي: {seconds} ث</translation>
    </message>
    <message>
        <source>Your answer key</source>
        <translation>مفتاح إجابتك</translation>
    </message>
    <message>
        <source>submits at once (no Enter)</source>
        <translation>يرسل الإجابة فورًا (دون Enter)</translation>
    </message>
</context>
</TS>
