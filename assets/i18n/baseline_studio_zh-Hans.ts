<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AdjustmentBar</name>
    <message>
        <source>Fit  [Alt+F]</source>
        <translation>适应窗口  [Alt+F]</translation>
    </message>
    <message>
        <source>Fit each image in its frame</source>
        <translation>让每张图像适应其框架</translation>
    </message>
    <message>
        <source>1:1  [Alt+1]</source>
        <translation>1:1  [Alt+1]</translation>
    </message>
    <message>
        <source>One image pixel per screen pixel</source>
        <translation>每个屏幕像素显示一个图像像素</translation>
    </message>
    <message>
        <source>Brightness</source>
        <translation>亮度</translation>
    </message>
    <message>
        <source>Contrast</source>
        <translation>对比度</translation>
    </message>
    <message>
        <source>Local contrast (CLAHE)</source>
        <translation>局部对比度（CLAHE）</translation>
    </message>
    <message>
        <source>Contrast-limited adaptive histogram equalisation: brings out detail in dark and bright regions</source>
        <translation>限制对比度的自适应直方图均衡：突出暗部和亮部的细节</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Fit, and undo every adjustment</source>
        <translation>适应窗口并撤销所有调整</translation>
    </message>
</context>
<context>
    <name>BestWorstWidget</name>
    <message>
        <source>Best</source>
        <translation>最好</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>最差</translation>
    </message>
    <message>
        <source>1–{n}: first the “{best}”, then the “{worst}” · Backspace: take back the last pick</source>
        <translation>1–{n}：先选“{best}”，再选“{worst}” · Backspace：撤销上一次选择</translation>
    </message>
    <message>
        <source>{role}: card {n}</source>
        <translation>{role}：卡片 {n}</translation>
    </message>
    <message>
        <source>Both picked. A number now changes the “{worst}”.</source>
        <translation>两项都已选。现在按数字会更改“{worst}”。</translation>
    </message>
    <message>
        <source>Now pick the “{role}”.</source>
        <translation>现在请选“{role}”。</translation>
    </message>
</context>
<context>
    <name>CardsStimulusWidget</name>
    <message numerus="yes">
        <source>%Ln card(s) to sort below.</source>
        <translation>
            <numerusform>下方有 %Ln 张卡片需要分类。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChoiceWidget</name>
    <message>
        <source>, or 1–{last} in order</source>
        <translation>，或按顺序按 1–{last}</translation>
    </message>
</context>
<context>
    <name>ClusteringWidget</name>
    <message>
        <source>arrows select a card · 1–9 put it in that group, 0 back · Ctrl+N new group with it · F2 rename · Del delete an empty group · or drag the cards</source>
        <translation>方向键选择卡片 · 1–9 放入该组，0 放回 · Ctrl+N 用它新建一组 · F2 重命名 · Del 删除空组 · 也可拖动卡片</translation>
    </message>
    <message>
        <source>+  New group  [Ctrl+N]</source>
        <translation>+  新建组  [Ctrl+N]</translation>
    </message>
    <message>
        <source>Drop a card here to start a group with it</source>
        <translation>将卡片拖到此处，以它新建一组</translation>
    </message>
    <message numerus="yes">
        <source>This question asks for exactly %Ln group(s).</source>
        <translation>
            <numerusform>本题要求恰好分成 %Ln 组。</numerusform>
        </translation>
    </message>
    <message>
        <source>Move its cards out first, or use the group&apos;s ✕ button.</source>
        <translation>请先移出组内的卡片，或使用该组的 ✕ 按钮。</translation>
    </message>
    <message numerus="yes">
        <source>Not grouped yet (%Ln)</source>
        <translation>
            <numerusform>尚未分组（%Ln）</numerusform>
        </translation>
    </message>
    <message>
        <source>Every card is in a group.</source>
        <translation>所有卡片都已分组。</translation>
    </message>
    <message>
        <source>Group {n}</source>
        <translation>第 {n} 组</translation>
    </message>
    <message numerus="yes">
        <source>%Ln card(s) not in a group yet</source>
        <translation>
            <numerusform>还有 %Ln 张卡片未分组</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>make exactly %Ln group(s) ({filled} hold cards)</source>
        <translation>
            <numerusform>请恰好分成 %Ln 组（目前 {filled} 组有卡片）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>give every group a name of its own (%Ln still called “{name}”)</source>
        <translation>
            <numerusform>请给每个组起一个自己的名字（仍有 %Ln 组名为“{name}”等）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“{name}” (%Ln card(s))</source>
        <translation>
            <numerusform>“{name}”（%Ln 张卡片）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln group(s): {groups}</source>
        <translation>
            <numerusform>%Ln 个组：{groups}</numerusform>
        </translation>
    </message>
    <message>
        <source>Cards not grouped yet have no group to rename: put the card in a group first (1–9, or Ctrl+N for a new one), then F2.</source>
        <translation>尚未分组的卡片没有可重命名的组：请先把卡片放入一个组（1–9，或按 Ctrl+N 新建），再按 F2。</translation>
    </message>
</context>
<context>
    <name>CodeInUseScreen</name>
    <message>
        <source>less than a minute ago</source>
        <translation>不到一分钟前</translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>%Ln 分钟前</numerusform>
        </translation>
    </message>
    <message>
        <source>**{code}** was last answering {when} in a session that was not closed.

If {code} is working on another computer or in another window now, go back and finish there: two places answering as one code record the same items twice.

If that computer crashed or was switched off, continue here: nothing saved is lost.</source>
        <translation>**{code}** 上次作答是在{when}，所在的会话没有关闭。

如果 {code} 现在正在另一台电脑或另一个窗口中作答，请返回并在那里完成：两个地方用同一个编号作答，会把同样的题目记录两次。

如果那台电脑死机或已关机，请在这里继续：已保存的内容不会丢失。</translation>
    </message>
    <message>
        <source>Is {code} answering somewhere else?</source>
        <translation>{code} 是否正在别处作答？</translation>
    </message>
    <message>
        <source>Continue here</source>
        <translation>在这里继续</translation>
    </message>
    <message>
        <source>Go back  (Esc)</source>
        <translation>返回  (Esc)</translation>
    </message>
</context>
<context>
    <name>Column</name>
    <message>
        <source>Rename this group  [F2]</source>
        <translation>重命名此组  [F2]</translation>
    </message>
    <message>
        <source>Delete this group; its cards go back  [Del]</source>
        <translation>删除此组，其卡片将退回  [Del]</translation>
    </message>
    <message>
        <source>Drop cards here</source>
        <translation>将卡片拖到这里</translation>
    </message>
    <message>
        <source>Every card is in a group</source>
        <translation>所有卡片都已分组</translation>
    </message>
</context>
<context>
    <name>ConsentScreen</name>
    <message>
        <source>Consent</source>
        <translation>知情同意</translation>
    </message>
    <message>
        <source>I have read the above and agree to take part.</source>
        <translation>我已阅读以上内容，同意参加。</translation>
    </message>
    <message>
        <source>Space ticks the box, Enter continues, Esc declines.</source>
        <translation>空格键勾选，Enter 继续，Esc 拒绝。</translation>
    </message>
    <message>
        <source>I do not agree</source>
        <translation>我不同意</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>继续  ⏎</translation>
    </message>
    <message>
        <source>Do you want to decline? Press Esc again to decline, or tick the box to take part.</source>
        <translation>你要拒绝吗？再按一次 Esc 即拒绝，或勾选方框以参加。</translation>
    </message>
</context>
<context>
    <name>Feedback</name>
    <message>
        <source>no answer</source>
        <translation>未作答</translation>
    </message>
    <message>
        <source>✓ **Correct:** {answer}</source>
        <translation>✓ **正确**：{answer}</translation>
    </message>
    <message>
        <source>✗ **Not quite.** The expected answer: {answer}</source>
        <translation>✗ **不太对**。预期答案：{answer}</translation>
    </message>
    <message>
        <source>⏱ **Time ran out** before an answer. The expected answer: {answer}</source>
        <translation>⏱ **时间到**，尚未作答。预期答案：{answer}</translation>
    </message>
</context>
<context>
    <name>FontZoom</name>
    <message>
        <source>Larger text</source>
        <translation>放大文字</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>缩小文字</translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation>正常文字大小</translation>
    </message>
</context>
<context>
    <name>ImagePanel</name>
    <message>
        <source>Image {n}</source>
        <translation>图像 {n}</translation>
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
        <translation>让图像适应窗口</translation>
    </message>
    <message>
        <source>Alt+1</source>
        <translation>Alt+1</translation>
    </message>
    <message>
        <source>actual size (1:1)</source>
        <translation>实际大小（1:1）</translation>
    </message>
    <message>
        <source>Alt + / Alt −</source>
        <translation>Alt + / Alt −</translation>
    </message>
    <message>
        <source>zoom in / out (or the mouse wheel)</source>
        <translation>放大 / 缩小（或用鼠标滚轮）</translation>
    </message>
    <message>
        <source>Alt+arrows</source>
        <translation>Alt+方向键</translation>
    </message>
    <message>
        <source>move around a zoomed image (or drag it)</source>
        <translation>在放大的图像中移动（或拖动它）</translation>
    </message>
    <message>
        <source>Alt+] / Alt+[</source>
        <translation>Alt+] / Alt+[</translation>
    </message>
    <message>
        <source>DICOM: wider / narrower window (or drag across with the right button)</source>
        <translation>DICOM：加宽 / 收窄窗宽（或按住右键左右拖动）</translation>
    </message>
    <message>
        <source>Alt+PgUp / Alt+PgDn</source>
        <translation>Alt+PgUp / Alt+PgDn</translation>
    </message>
    <message>
        <source>DICOM: raise / lower the level (or drag up and down with the right button)</source>
        <translation>DICOM：提高 / 降低窗位（或按住右键上下拖动）</translation>
    </message>
    <message>
        <source>Alt+I · Alt+0 · Alt+2..9</source>
        <translation>Alt+I · Alt+0 · Alt+2..9</translation>
    </message>
    <message>
        <source>DICOM: invert · the file&apos;s window · the study&apos;s presets</source>
        <translation>DICOM：反色 · 文件自带的窗 · 研究的预设</translation>
    </message>
    <message>
        <source>Alt+. / Alt+,</source>
        <translation>Alt+. / Alt+,</translation>
    </message>
    <message>
        <source>DICOM: next / previous frame (or the slider under a multi-frame image)</source>
        <translation>DICOM：下一帧 / 上一帧（或多帧图像下方的滑块）</translation>
    </message>
    <message>
        <source>This image cannot be shown.

{message}</source>
        <translation>无法显示此图像。

{message}</translation>
    </message>
    <message>
        <source>W {width} · L {level}</source>
        <translation>窗宽 {width} · 窗位 {level}</translation>
    </message>
    <message>
        <source>inverted</source>
        <translation>已反色</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>frame {n} of {total}</source>
        <translation>第 {n} 帧，共 {total} 帧</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>Alt+B / Alt+Shift+B</source>
        <translation>Alt+B / Alt+Shift+B</translation>
    </message>
    <message>
        <source>brighter / darker</source>
        <translation>调亮 / 调暗</translation>
    </message>
    <message>
        <source>Alt+C / Alt+Shift+C</source>
        <translation>Alt+C / Alt+Shift+C</translation>
    </message>
    <message>
        <source>more / less contrast</source>
        <translation>增加 / 降低对比度</translation>
    </message>
</context>
<context>
    <name>InlineImage</name>
    <message>
        <source>Image {name}</source>
        <translation>图像 {name}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>This image cannot be shown.
{message}</source>
        <translation>无法显示此图像。
{message}</translation>
    </message>
    <message>
        <source>Loading image…</source>
        <translation>正在加载图像…</translation>
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
        <translation>移到下一个 / 上一个字段或按钮</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>the highlighted button</source>
        <translation>高亮的按钮</translation>
    </message>
    <message>
        <source>Ctrl + / Ctrl −</source>
        <translation>Ctrl + / Ctrl −</translation>
    </message>
    <message>
        <source>larger / smaller text</source>
        <translation>放大 / 缩小文字</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this list of keys</source>
        <translation>本按键列表</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>本屏幕的按键</translation>
    </message>
    <message>
        <source>F1, Esc or Enter closes this list.</source>
        <translation>按 F1、Esc 或 Enter 关闭此列表。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&lt;b&gt;Demo study:&lt;/b&gt; illustrative content, not real benchmark data</source>
        <translation>&lt;b&gt;演示研究：&lt;/b&gt;示例内容，并非真实的基准数据</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Keys on this screen</source>
        <translation>本屏幕的按键</translation>
    </message>
    <message>
        <source>&amp;Designer</source>
        <translation>设计者(&amp;D)</translation>
    </message>
    <message>
        <source>Designer mode…</source>
        <translation>设计者模式…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Something went wrong while {label}: {error}</source>
        <translation>{label}时出错：{error}</translation>
    </message>
</context>
<context>
    <name>MessageScreen</name>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>{button}  (Space)</source>
        <translation>{button}  （空格键）</translation>
    </message>
    <message>
        <source>{title} (practice)</source>
        <translation>{title}（练习）</translation>
    </message>
    <message numerus="yes">
        <source>You have answered **{done} of %Ln** items.

Take a short break if you like: stretch, rest your eyes. Time on this screen does not count. Continue when you are ready.</source>
        <translation>
            <numerusform>你已回答 **%Ln 道题中的 {done} 道**。

如果愿意，可以稍作休息：伸展一下，让眼睛放松。在此屏幕上的时间不计入。准备好后再继续。</numerusform>
        </translation>
    </message>
    <message>
        <source>Your next reading session is not open yet</source>
        <translation>下一次阅片尚未开放</translation>
    </message>
    <message>
        <source>This reading session is finished</source>
        <translation>本次阅片已结束</translation>
    </message>
    <message>
        <source>The study asks for a pause between reading sessions, so that every case is read afresh. Your next session opens on **{when}**: please come back then, with the same code.</source>
        <translation>本研究要求两次阅片之间间隔一段时间，以便每个病例都重新阅读。下一次阅片将于 **{when}** 开放：届时请使用同一编号回来。</translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code. The next one opens on **{when}**.</source>
        <translation>
            <numerusform>还有 %n 次阅片，使用同一编号。下一次将于 **{when}** 开放。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more reading session(s) to come, with the same code: the next one can start now.</source>
        <translation>
            <numerusform>还有 %n 次阅片，使用同一编号：下一次现在即可开始。</numerusform>
        </translation>
    </message>
    <message>
        <source>**Thank you!** Your answers are saved.</source>
        <translation>**谢谢**！你的答案已保存。</translation>
    </message>
    <message numerus="yes">
        <source>You answered {done} of %Ln items.</source>
        <translation>
            <numerusform>你回答了 %Ln 道题中的 {done} 道。</numerusform>
        </translation>
    </message>
    <message>
        <source>Your score on the items with a right answer: **{score}**.</source>
        <translation>你在有标准答案的题目上的得分：**{score}**。</translation>
    </message>
    <message>
        <source>Please tell the study team that you have finished.</source>
        <translation>请告诉研究团队你已完成。</translation>
    </message>
</context>
<context>
    <name>PairStimulusWidget</name>
    <message>
        <source>Sentence 1</source>
        <translation>句子 1</translation>
    </message>
    <message>
        <source>Sentence 2</source>
        <translation>句子 2</translation>
    </message>
</context>
<context>
    <name>PairwiseWidget</name>
    <message>
        <source>About the same</source>
        <translation>差不多</translation>
    </message>
    <message>
        <source>The left one is better</source>
        <translation>左边的更好</translation>
    </message>
    <message>
        <source>The right one is better</source>
        <translation>右边的更好</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one · T: about the same</source>
        <translation>← 或 A：左边的 · → 或 B：右边的 · T：差不多</translation>
    </message>
    <message>
        <source>← or A: the left one · → or B: the right one</source>
        <translation>← 或 A：左边的 · → 或 B：右边的</translation>
    </message>
    <message>
        <source>the left one</source>
        <translation>左边的</translation>
    </message>
    <message>
        <source>the right one</source>
        <translation>右边的</translation>
    </message>
</context>
<context>
    <name>ParticipantFlow</name>
    <message>
        <source>Something went wrong while checking {code}: {error}</source>
        <translation>检查 {code} 时出错：{error}</translation>
    </message>
    <message>
        <source>You did not agree to take part</source>
        <translation>你没有同意参加</translation>
    </message>
    <message>
        <source>No session was started and none of your answers were recorded. Thank you for your time.

If you declined by mistake, or have a question about the study, please tell the study staff.</source>
        <translation>没有开始任何会话，你的答案也没有被记录。感谢你抽出时间。

如果你是误点了拒绝，或对本研究有疑问，请告诉研究人员。</translation>
    </message>
    <message>
        <source>Back to the start</source>
        <translation>返回开始页</translation>
    </message>
    <message numerus="yes">
        <source>Welcome back: {answered} of %Ln items answered. You continue where you stopped.</source>
        <translation>
            <numerusform>欢迎回来：%Ln 道题中已回答 {answered} 道。你将从上次停下的地方继续。</numerusform>
        </translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Welcome back</source>
        <translation>欢迎回来</translation>
    </message>
    <message>
        <source>Begin</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Something went wrong while {what}: {error}</source>
        <translation>{what}时出错：{error}</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Break</source>
        <translation>休息</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>the session is not open</source>
        <translation>会话未打开</translation>
    </message>
</context>
<context>
    <name>ParticipantScreen</name>
    <message>
        <source>a participant code is required</source>
        <translation>必须填写参与者编号</translation>
    </message>
    <message>
        <source>a participant code has at most {n} characters</source>
        <translation>参与者编号最多 {n} 个字符</translation>
    </message>
    <message>
        <source>a participant code cannot contain control or invisible characters</source>
        <translation>参与者编号不能包含控制字符或不可见字符</translation>
    </message>
    <message>
        <source>this looks like an e-mail address; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>这看起来像电子邮件地址；参与者编号是化名（例如 P017）：请在 Baseline Studio 之外保存与本人的对应关系</translation>
    </message>
    <message>
        <source>this looks like a phone number; participant codes are pseudonyms (such as P017): keep the link to the person outside Baseline Studio</source>
        <translation>这看起来像电话号码；参与者编号是化名（例如 P017）：请在 Baseline Studio 之外保存与本人的对应关系</translation>
    </message>
    <message>
        <source>please fill this in</source>
        <translation>请填写此项</translation>
    </message>
    <message>
        <source>choose one of the options</source>
        <translation>请选择其中一个选项</translation>
    </message>
    <message>
        <source>{value} is not a number</source>
        <translation>{value} 不是数字</translation>
    </message>
    <message>
        <source>at least {value}</source>
        <translation>至少为 {value}</translation>
    </message>
    <message>
        <source>at most {value}</source>
        <translation>至多为 {value}</translation>
    </message>
    <message>
        <source>the code on your card, e.g. P001</source>
        <translation>你卡片上的编号，例如 P001</translation>
    </message>
    <message>
        <source>Participant code</source>
        <translation>参与者编号</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <source>Continue  ⏎</source>
        <translation>继续  ⏎</translation>
    </message>
    <message>
        <source>This code has already answered every item of this study. Check the code, or ask the study staff.</source>
        <translation>此编号已回答本研究的所有题目。请核对编号，或询问研究人员。</translation>
    </message>
    <message>
        <source>This looks like a person&apos;s name; participant codes should be pseudonyms (such as P017).</source>
        <translation>这看起来像人名；参与者编号应当是化名（例如 P017）。</translation>
    </message>
    <message>
        <source>This is not one of this study&apos;s codes: check the card you were given.</source>
        <translation>这不是本研究的编号：请核对发给你的卡片。</translation>
    </message>
    <message>
        <source>**Practice is over.** From now on your answers count and no feedback is given.</source>
        <translation>**练习结束。** 从现在起你的回答将被计入，且不再显示反馈。</translation>
    </message>
</context>
<context>
    <name>PausePage</name>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>The item is hidden and the clock is stopped. Your answers so far are kept.</source>
        <translation>题目已隐藏，计时已停止。你目前的答案都会保留。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>or press {keys}</source>
        <translation>或按 {keys}</translation>
    </message>
</context>
<context>
    <name>PoemStimulusWidget</name>
    <message>
        <source>Prompt</source>
        <translation>题目</translation>
    </message>
    <message>
        <source>Form: {form}    ·    Theme: {theme}</source>
        <translation>体裁：{form}    ·    主题：{theme}</translation>
    </message>
</context>
<context>
    <name>ProfileForm</name>
    <message>
        <source>Choose…</source>
        <translation>请选择…</translation>
    </message>
    <message>
        <source>a number ({low} to {high})</source>
        <translation>一个数字（{low} 到 {high}）</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>一个数字</translation>
    </message>
    <message>
        <source>  (optional)</source>
        <translation>  （选填）</translation>
    </message>
</context>
<context>
    <name>QueryStimulusWidget</name>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s), shown with the question.</source>
        <translation>
            <numerusform>%Ln 篇文档，与问题一同显示。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuestionPanel</name>
    <message>
        <source>Optional.</source>
        <translation>选答。</translation>
    </message>
    <message>
        <source>Question {n} (“{prompt}”)</source>
        <translation>第 {n} 题（“{prompt}”）</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>第 {n} 题</translation>
    </message>
    <message>
        <source>“{prompt}”</source>
        <translation>“{prompt}”</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>本题</translation>
    </message>
</context>
<context>
    <name>QuitQuestion</name>
    <message>
        <source>Quit?</source>
        <translation>退出？</translation>
    </message>
    <message>
        <source>Your answered items are saved. Quit?</source>
        <translation>已回答的题目均已保存。要退出吗？</translation>
    </message>
    <message>
        <source>You can come back later with the same code and go on where you stopped.</source>
        <translation>你可以稍后用同一个编号回来，从上次停下的地方继续。</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Keep going</source>
        <translation>继续作答</translation>
    </message>
</context>
<context>
    <name>RankingWidget</name>
    <message>
        <source>Keep this order  [Space]</source>
        <translation>保持此顺序  [空格键]</translation>
    </message>
    <message>
        <source>↑ ↓ select · Ctrl+↑ / Ctrl+↓ move the selected entry · drag with the mouse</source>
        <translation>↑ ↓ 选择 · Ctrl+↑ / Ctrl+↓ 移动所选条目 · 也可用鼠标拖动</translation>
    </message>
    <message>
        <source>Order recorded; you can still change it.</source>
        <translation>顺序已记录；你仍可以修改。</translation>
    </message>
    <message>
        <source>Put the best first. The order counts once you move an entry or keep it as it is.</source>
        <translation>把最好的放在最前面。移动任一条目或选择保持原样后，顺序即被记录。</translation>
    </message>
</context>
<context>
    <name>RatingWidget</name>
    <message>
        <source>N or 0</source>
        <translation>N 或 0</translation>
    </message>
    <message>
        <source>{low}–{high} pick a value</source>
        <translation>{low}–{high} 选择数值</translation>
    </message>
    <message>
        <source>1–{last} pick a point</source>
        <translation>1–{last} 选择刻度</translation>
    </message>
    <message>
        <source>← → move</source>
        <translation>← → 移动</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>尚未作答</translation>
    </message>
    <message>
        <source>N/A</source>
        <translation>不适用</translation>
    </message>
</context>
<context>
    <name>RelevanceWidget</name>
    <message numerus="yes">
        <source>{grade}: %Ln document(s)</source>
        <translation>
            <numerusform>{grade}：%Ln 篇文档</numerusform>
        </translation>
    </message>
    <message>
        <source>Document {n}: {grade}</source>
        <translation>文档 {n}：{grade}</translation>
    </message>
    <message>
        <source>↑ ↓ choose a document · {keys} (then the next one) · Space toggles</source>
        <translation>↑ ↓ 选择文档 · {keys}（然后转到下一篇）· 空格键切换</translation>
    </message>
    <message numerus="yes">
        <source>{done} of %Ln document(s) judged</source>
        <translation>
            <numerusform>已评判 %Ln 篇文档中的 {done} 篇</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln document(s) judged</source>
        <translation>
            <numerusform>全部 %Ln 篇文档均已评判</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResponseWidget</name>
    <message>
        <source>Keys: {keys}</source>
        <translation>按键：{keys}</translation>
    </message>
</context>
<context>
    <name>RichTextView</name>
    <message>
        <source>[image missing]</source>
        <translation>[图像缺失]</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>opening the session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>registering the study version</source>
        <translation>登记研究版本</translation>
    </message>
    <message>
        <source>finding the next screen</source>
        <translation>查找下一屏</translation>
    </message>
    <message>
        <source>recording the introduction as read</source>
        <translation>记录已阅读引言</translation>
    </message>
    <message>
        <source>starting the break</source>
        <translation>开始休息</translation>
    </message>
    <message>
        <source>ending the break</source>
        <translation>结束休息</translation>
    </message>
    <message>
        <source>logging {kind}</source>
        <translation>记录 {kind}</translation>
    </message>
    <message>
        <source>flagging a stimulus problem</source>
        <translation>标记材料问题</translation>
    </message>
    <message>
        <source>closing the session</source>
        <translation>关闭会话</translation>
    </message>
</context>
<context>
    <name>TextWidget</name>
    <message>
        <source>Your comment</source>
        <translation>你的评论</translation>
    </message>
    <message>
        <source>Your comment (optional)</source>
        <translation>你的评论（选填）</translation>
    </message>
    <message>
        <source>click the box or Tab to it, then type; Tab or Esc leaves it</source>
        <translation>点击输入框或按 Tab 进入后输入；按 Tab 或 Esc 离开</translation>
    </message>
</context>
<context>
    <name>TrialHeader</name>
    <message>
        <source>Practice</source>
        <translation>练习</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>正式部分</translation>
    </message>
    <message>
        <source>practice: you will see the right answer</source>
        <translation>练习：你会看到正确答案</translation>
    </message>
    <message>
        <source>Item {n} of {of} in this part  ·  {done} of {total} done</source>
        <translation>本部分第 {n} 题，共 {of} 题  ·  已完成 {done}/{total}</translation>
    </message>
    <message>
        <source>Item {n} of {total}</source>
        <translation>第 {n} 题，共 {total} 题</translation>
    </message>
</context>
<context>
    <name>TrialScreen</name>
    <message>
        <source>To write a comment, click its box (or press Tab until you reach it), then type.</source>
        <translation>要写评论，请点击评论框（或按 Tab 直到到达该框），然后输入。</translation>
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
        <translation>P 或 Esc</translation>
    </message>
    <message>
        <source>{name} still needs an answer.</source>
        <translation>{name}尚未作答。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln more question(s) also need one.</source>
        <translation>
            <numerusform>还有 %Ln 道题也需要作答。</numerusform>
        </translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格键</translation>
    </message>
    <message>
        <source>show the item</source>
        <translation>显示题目</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>this list of keys</source>
        <translation>本按键列表</translation>
    </message>
    <message>
        <source>Question {n}</source>
        <translation>第 {n} 题</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>作答</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>submit the answers, or go to the question still open</source>
        <translation>提交答案，或跳到尚未作答的题目</translation>
    </message>
    <message>
        <source> (in a comment box: Ctrl+Enter)</source>
        <translation>（在评论框中：Ctrl+Enter）</translation>
    </message>
    <message>
        <source>pause: the item is hidden and the clock stops</source>
        <translation>暂停：题目隐藏，计时停止</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>next / previous question, in reading order</source>
        <translation>按阅读顺序切换到下一题 / 上一题</translation>
    </message>
    <message>
        <source>Press Space when you are ready.</source>
        <translation>准备好后请按空格键。</translation>
    </message>
    <message>
        <source>Loading the images…</source>
        <translation>正在加载图像…</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Submit  ⏎</source>
        <translation>提交  ⏎</translation>
    </message>
    <message>
        <source>Your answer key submits at once</source>
        <translation>按下答案键即立即提交</translation>
    </message>
    <message>
        <source>Enter submits · from a comment box, Ctrl+Enter</source>
        <translation>按 Enter 提交 · 在评论框中按 Ctrl+Enter</translation>
    </message>
    <message>
        <source>Enter submits</source>
        <translation>按 Enter 提交</translation>
    </message>
    <message>
        <source>Pause  ({keys})</source>
        <translation>暂停  （{keys}）</translation>
    </message>
    <message>
        <source>Continue  (Space)</source>
        <translation>继续  （空格键）</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>Time is up.</source>
        <translation>时间到。</translation>
    </message>
    <message>
        <source>Press Space to go on.</source>
        <translation>按空格键继续。</translation>
    </message>
    <message>
        <source>**Could not save your answer:** {message}  
Your answers are kept. Press Submit to try again, or call the study team.</source>
        <translation>**无法保存你的答案**：{message}  
你的答案仍然保留。请按“提交”重试，或联系研究团队。</translation>
    </message>
    <message>
        <source>Try again  ⏎</source>
        <translation>重试  ⏎</translation>
    </message>
    <message>
        <source>**Check before you submit:** {answer}.  
Press Enter (or Confirm) again to submit.</source>
        <translation>**提交前请检查**：{answer}。  
再按一次 Enter（或“确认”）即可提交。</translation>
    </message>
    <message>
        <source>Confirm  ⏎</source>
        <translation>确认  ⏎</translation>
    </message>
    <message>
        <source>Time left: {seconds} s</source>
        <translation>剩余时间：{seconds} 秒</translation>
    </message>
    <message>
        <source>Your answer key</source>
        <translation>答案键</translation>
    </message>
    <message>
        <source>submits at once (no Enter)</source>
        <translation>立即提交（无需 Enter）</translation>
    </message>
</context>
</TS>
