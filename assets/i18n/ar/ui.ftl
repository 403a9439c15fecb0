### Mancala Hall: الواجهة: العنوان، والقوائم، وشاشة اللعب، والمراجعة، واللعب عبر الإنترنت، وشاشة المتحف.
### Fluent (https://projectfluent.org); docs/i18n.md says how to change it.
### Arabic (العربية) draft, machine-made: to be reviewed by a native speaker.

## app
app-title = Mancala Hall

## player
player-south = الجنوب
player-north = الشمال

## title
title-subtitle = خمس ألعاب منقلة من شرق أفريقيا وجنوبها
title-version = الإصدار { $version }

## menu
menu-choose_game = اختر لعبة
menu-describe-omweso = لعبة أوغندا الملكية: 4 x 8، والبذور المأسورة تُبذر من جديد في جهتك.
menu-describe-anywoli = لعبة الأنواك، 2 x 12 مع مخزنين: من يُكمل أربعًا يأخذها.
menu-describe-nsolo = لعبة النغوني، 4 x n (حتى 36): الأسر يكسبك انتزاعًا إضافيًا.
menu-describe-hawalis = عُمان وزنجبار، 4 x 7: أنهِ في حفرة أمامية فارغة لتأخذ عمودًا كاملًا.
menu-describe-bao_kigogo = لعبة الغوغو في دودوما: قواعد Hawalis على لوحة 4 x 12.
menu-rules = طريقة اللعب
menu-story = الحكاية
menu-options = خيارات
menu-players = اللاعبون
menu-south_near = الجنوب (قريب)
menu-north_far = الشمال (بعيد)
menu-person = شخص
menu-computer = الحاسوب
menu-level = الحاسوب:
menu-first = البادئ:
menu-by_lot = بالقرعة
menu-start = ابدأ
menu-resume = تابِع
menu-settings = الإعدادات
menu-saved_games = الألعاب المحفوظة
menu-autosave = اللعبة الأخيرة (تُحفظ بعد كل دور)
menu-saved_line =
    { $moves ->
        [zero] { $label } — { $game }، بلا نقلات{ $finished }
        [one] { $label } — { $game }، نقلة واحدة{ $finished }
        [two] { $label } — { $game }، نقلتان{ $finished }
        [few] { $label } — { $game }، { $moves } نقلات{ $finished }
        [many] { $label } — { $game }، { $moves } نقلة{ $finished }
       *[other] { $label } — { $game }، { $moves } نقلة{ $finished }
    }
menu-finished = ، منتهية
menu-watch = شاهد من البداية
menu-cannot_open = { $label }: تعذّر الفتح: { $why }

## level
level-beginner = مبتدئ
level-player = لاعب
level-expert = خبير
level-master = أستاذ

## options
options-set_up = الترتيب:
options-standard = قياسي (4 في كل حفرة خلفية)
options-free = ترتيب حر
options-opening_three = ثلاثة الافتتاح: ما دام لم يأسر أحد، يجوز بذر 3 على أنها 2 و1
options-grand_slam = الاكتساح: إفراغ جهة الخصم يكسب المباراة
options-front_row_two_points = نقطتان لأسرٍ يُفرغ الصف الأمامي للخصم
options-two_captures_first = نقطتان للأسر في دورين قبل أول أسر للخصم
options-match = نقاط للفوز بالمباراة
options-mode = النمط:
options-counting = بالعدّ
options-no_take_back = بلا تراجع
options-blitz = خاطف (3 ثوانٍ لكل قرار)
options-last_four = آخر أربع بذور تذهب إلى:
options-last_capturer = آخر من أسر
options-first_last_seed_capturer = أول من أسر بالبذرة الأخيرة
options-lottery = القرعة
options-stop_when_decided = التوقف عند الحسم (مخزن يتجاوز 48) — قاعدة هذا المشروع
options-width = عدد الحفر في الصف
options-bonus_up_to_k = الانتزاع الإضافي حتى k (يجوز التوقف قبله)
options-never_ending = نقلة لا تنتهي أبدًا:
options-draw = تعادل
options-mover_loses = يخسر صاحب النقلة

## settings
settings-language = اللغة:
settings-text_size = حجم النص
settings-high_contrast = تباين عالٍ
settings-reduced_motion = حركة مخففة (البذور تنزلق ولا تقفز)
settings-explain = شرح كل نقلة في تعليق

## status
status-to_move = دور { $player }
status-direction = يختار { $player } اتجاه الشوط التالي
status-strip =
    { $remaining ->
        [zero] لم يعد على { $player } انتزاع بذور من الخصم
        [one] ينتزع { $player } بذرة أخرى من الخصم
        [two] ينتزع { $player } بذرتين أخريين من الخصم
        [few] ينتزع { $player } { $remaining } بذور أخرى من الخصم
        [many] ينتزع { $player } { $remaining } بذرة أخرى من الخصم
       *[other] ينتزع { $player } { $remaining } بذرة أخرى من الخصم
    }
status-arrange = يرتّب { $player } البذور

## outcome
outcome-win_because = فاز { $player }: { $why }
outcome-draw_because = تعادل: { $why }
outcome-annulled_because = أُلغيت اللعبة: { $why }

## reason
reason-grand_slam = كل حفر الخصم فارغة (اكتساح)
reason-both_end_columns = أسرٌ من العمودين الطرفيين في دور واحد
reason-front_row_empty = أسرٌ أفرغ الصف الأمامي للخصم
reason-two_captures_first = أسرٌ في دورين قبل أول أسر للخصم
reason-no_legal_move = ليس للاعب صاحب الدور نقلة مسموحة
reason-no_seeds_left = لم تبقَ لأحد اللاعبين أي بذور
reason-board_empty = لم تبقَ أي بذور على اللوحة
reason-last_four = بقيت أربع بذور؛ ذهبت وفق قاعدة البذور الأربع الأخيرة
reason-decided = في أحد المخزنين أكثر من نصف البذور
reason-nobody_can_move = لا يستطيع أي من اللاعبين التحرك
reason-repetition = تكرر الوضع نفسه
reason-never_ending_move = كانت نقلةٌ ستستمر بلا نهاية
reason-resigned = استسلم أحد اللاعبين
reason-time_out = نفد وقت أحد اللاعبين

## choice
choice-sow = ابذر { $move } عكس اتجاه عقارب الساعة
choice-reverse = أسر عكسي من { $move }، مع اتجاه عقارب الساعة
choice-opening_three = ثلاثة الافتتاح من { $move }

## hud
hud-moving = يلعب { $player }...
hud-store = { $player }: المخزن { $n }
hud-on_side =
    { $n ->
        [zero] { $player }: لا بذور في هذه الجهة
        [one] { $player }: بذرة واحدة في هذه الجهة
        [two] { $player }: بذرتان في هذه الجهة
        [few] { $player }: { $n } بذور في هذه الجهة
        [many] { $player }: { $n } بذرة في هذه الجهة
       *[other] { $player }: { $n } بذرة في هذه الجهة
    }
hud-captured = { $player }: أسر { $n }
hud-match_to = المباراة حتى { $target }: الجنوب { $south } – الشمال { $north }
hud-match_game = الجولة { $n }: { $result } ({ $why })
hud-draw = تعادل
hud-annulled = ملغاة
hud-last_move = النقلة الأخيرة: { $player } { $move }
hud-speed = السرعة:
hud-sound = الصوت
hud-north_seat = الكاميرا من جهة الشمال
hud-counts = الأعداد:
hud-always = دائمًا
hud-on_hover = عند التمرير
hud-off = إيقاف
hud-skip = تخطَّ (المسافة)
hud-rules = القواعد
hud-save = حفظ
hud-menu = القائمة (esc)
hud-menu_word = القائمة
hud-skip_word = تخطَّ

## speed
speed-slow = بطيئة
speed-normal = عادية
speed-fast = سريعة
speed-instant = فورية

## prompt
prompt-which_move = أي نقلة؟
prompt-cancel = إلغاء
prompt-direction = { $player }: اتجاه الشوط التالي
prompt-ccw = عكس عقارب الساعة
prompt-cw = مع عقارب الساعة (للأسر)
prompt-arrange = { $player }: رتّب بذورك الـ32
prompt-arrange_how = المس إحدى حفرك لترفع بذورها، ثم المس الحفر لتُسقط بذرة واحدة في كل منها (10 على الأكثر في الحفرة).
prompt-done = تم
prompt-start_again = ابدأ من جديد
prompt-standard = قياسي (4 في كل حفرة خلفية)
prompt-random_arrangement = ترتيب عشوائي
prompt-standard_short = قياسي
prompt-random_short = عشوائي
prompt-strip =
    { $remaining ->
        [zero] { $player }: لا بذور أخرى للانتزاع
        [one] { $player }: انتزع بذرة أخرى
        [two] { $player }: انتزع بذرتين أخريين
        [few] { $player }: انتزع { $remaining } بذور أخرى
        [many] { $player }: انتزع { $remaining } بذرة أخرى
       *[other] { $player }: انتزع { $remaining } بذرة أخرى
    }
prompt-strip_how = المس حفر الخصم لتأخذ بذرة واحدة من كل منها.
prompt-stop_stripping = أوقف الانتزاع

## over
over-title = انتهت اللعبة
over-wins = فاز { $player }
over-draw = تعادل
over-annulled = أُلغيت اللعبة
over-points = النقاط: { $n }
over-match = المباراة: الجنوب { $south } – الشمال { $north }
over-match_winner = فاز { $player } بالمباراة
over-next_game = الجولة التالية
over-play_again = العب مجددًا
over-back_to_menu = العودة إلى القائمة

## moves
moves-title = النقلات
moves-none = لم تُلعب أي نقلة بعد.
moves-watching = مشاهدة لعبة محفوظة: النقلة { $n } من { $total }
moves-step_back = « خطوة للخلف
moves-pause = إيقاف مؤقت
moves-play = تشغيل
moves-step = خطوة »
moves-stop_watching = إيقاف المشاهدة
moves-undo = تراجع (ctrl+z)
moves-redo = إعادة (ctrl+y)
moves-hide_list = إخفاء القائمة
moves-list = قائمة النقلات
moves-thinking = جارٍ البحث عن تلميح...
moves-hint = تلميح
moves-whole_board = اللوحة كاملة
moves-close_up = عن قرب
moves-hint_is = تلميح: { $move }
moves-showing = عرض الوضع بعد النقلة { $n }
moves-back_to_game = العودة إلى اللعبة

## notice
notice-cannot_play = لا يمكن لعب هذه الحفرة الآن.
notice-arrange_own_rows = رتّب البذور في صفَّيك أنت.
notice-pit_empty = هذه الحفرة فارغة: خذ البذور من حفرة أخرى.
notice-at_most_10 = 10 بذور على الأكثر في الحفرة الواحدة.
notice-no_take_backs = لا تراجع في هذه اللعبة.
notice-nothing_to_undo = لا شيء للتراجع عنه.
notice-viewing_past = أنت تشاهد وضعًا سابقًا: عُد إلى اللعبة لتلعب.
notice-too_many_moves = نقلات كثيرة دفعة واحدة: لم تُلعب { $move }.
notice-long_move =
    { $n ->
        [zero] نقلة طويلة جدًا: تم فحص { $n } مليون شوط حتى الآن…
        [one] نقلة طويلة جدًا: تم فحص مليون شوط حتى الآن…
        [two] نقلة طويلة جدًا: تم فحص مليوني شوط حتى الآن…
        [few] نقلة طويلة جدًا: تم فحص { $n } ملايين شوط حتى الآن…
        [many] نقلة طويلة جدًا: تم فحص { $n } مليون شوط حتى الآن…
       *[other] نقلة طويلة جدًا: تم فحص { $n } مليون شوط حتى الآن…
    }
notice-cannot_save = لا يمكن حفظ الألعاب هنا.
notice-saved_as = حُفظت باسم «{ $name }»
notice-could_not_save = تعذّر الحفظ في { $path }: { $why }

## banner
banner-extra_turn = يلعب { $player } مرة أخرى
banner-pass = لا يستطيع { $player } التحرك فيمرّر دوره
banner-lot = وقعت القرعة على { $player }
banner-repetition =
    { $n ->
        [zero] لم يظهر هذا الوضع من قبل
        [one] ظهر هذا الوضع مرة واحدة
        [two] ظهر هذا الوضع مرتين
        [few] ظهر هذا الوضع { $n } مرات
        [many] ظهر هذا الوضع { $n } مرة
       *[other] ظهر هذا الوضع { $n } مرة
    }
banner-condensed =
    { $n ->
        [zero] ... دون أشواط أخرى
        [one] ... وهكذا في شوط آخر واحد
        [two] ... وهكذا في شوطين آخرين
        [few] ... وهكذا في { $n } أشواط أخرى
        [many] ... وهكذا في { $n } شوطًا آخر
       *[other] ... وهكذا في { $n } شوط آخر
    }
banner-never_ending =
    { $n ->
        [zero] لن تنتهي هذه النقلة أبدًا (ثبت ذلك قبل أي شوط): لن تُلعب
        [one] لن تنتهي هذه النقلة أبدًا (ثبت ذلك بعد شوط واحد): لن تُلعب
        [two] لن تنتهي هذه النقلة أبدًا (ثبت ذلك بعد شوطين): لن تُلعب
        [few] لن تنتهي هذه النقلة أبدًا (ثبت ذلك بعد { $n } أشواط): لن تُلعب
        [many] لن تنتهي هذه النقلة أبدًا (ثبت ذلك بعد { $n } شوطًا): لن تُلعب
       *[other] لن تنتهي هذه النقلة أبدًا (ثبت ذلك بعد { $n } شوط): لن تُلعب
    }
banner-end_turn = انتهى دور { $player }

## explain
explain-lift =
    { $n ->
        [zero] البذر: لا يرفع { $player } أي بذرة.
        [one] البذر: يرفع { $player } بذرة واحدة ويُسقطها في الحفرة التالية.
        [two] البذر: يرفع { $player } بذرتين ويُسقطهما واحدة تلو الأخرى في الحفر التالية.
        [few] البذر: يرفع { $player } { $n } بذور ويُسقطها واحدة تلو الأخرى في الحفر التالية.
        [many] البذر: يرفع { $player } { $n } بذرة ويُسقطها واحدة تلو الأخرى في الحفر التالية.
       *[other] البذر: يرفع { $player } { $n } بذرة ويُسقطها واحدة تلو الأخرى في الحفر التالية.
    }
explain-relay =
    { $n ->
        [zero] التتابع: سقطت البذرة الأخيرة في حفرة غير فارغة، لكن لا بذور تُرفع منها.
        [one] التتابع: سقطت البذرة الأخيرة في حفرة غير فارغة، فتُرفع بذرتها الواحدة ويتواصل بذرها.
        [two] التتابع: سقطت البذرة الأخيرة في حفرة غير فارغة، فتُرفع بذرتاها ويتواصل بذرهما.
        [few] التتابع: سقطت البذرة الأخيرة في حفرة غير فارغة، فتُرفع بذورها الـ{ $n } ويتواصل بذرها.
        [many] التتابع: سقطت البذرة الأخيرة في حفرة غير فارغة، فتُرفع بذورها الـ{ $n } ويتواصل بذرها.
       *[other] التتابع: سقطت البذرة الأخيرة في حفرة غير فارغة، فتُرفع بذورها الـ{ $n } ويتواصل بذرها.
    }
explain-capture_resow =
    { $n ->
        [zero] الأسر: لا تُؤخذ أي بذرة من حفرة الخصم المقابلة.
        [one] الأسر: تُؤخذ بذرة واحدة من حفرة الخصم المقابلة وتعود إلى اللعب في جهة الآسر.
        [two] الأسر: تُؤخذ بذرتان من حفرة الخصم المقابلة وتعودان إلى اللعب في جهة الآسر.
        [few] الأسر: تُؤخذ { $n } بذور من حفرة الخصم المقابلة وتعود إلى اللعب في جهة الآسر.
        [many] الأسر: تُؤخذ { $n } بذرة من حفرة الخصم المقابلة وتعود إلى اللعب في جهة الآسر.
       *[other] الأسر: تُؤخذ { $n } بذرة من حفرة الخصم المقابلة وتعود إلى اللعب في جهة الآسر.
    }
explain-four =
    { $n ->
        [zero] رباعية! لا تذهب أي بذرة إلى مخزن { $player }.
        [one] رباعية! تذهب بذرة واحدة إلى مخزن { $player }.
        [two] رباعية! تذهب بذرتان إلى مخزن { $player }.
        [few] رباعية! تذهب البذور الـ{ $n } إلى مخزن { $player }.
        [many] رباعية! تذهب البذور الـ{ $n } إلى مخزن { $player }.
       *[other] رباعية! تذهب البذور الـ{ $n } إلى مخزن { $player }.
    }
explain-capture =
    { $n ->
        [zero] الأسر: لا يأخذ { $player } أي بذرة من اللوحة.
        [one] الأسر: يأخذ { $player } بذرة واحدة من اللوحة.
        [two] الأسر: يأخذ { $player } بذرتين من اللوحة.
        [few] الأسر: يأخذ { $player } { $n } بذور من اللوحة.
        [many] الأسر: يأخذ { $player } { $n } بذرة من اللوحة.
       *[other] الأسر: يأخذ { $player } { $n } بذرة من اللوحة.
    }
explain-strip = مكافأة: ينتزع { $player } بذرة أخرى من الخصم.
explain-arrange = رتّب { $player } البذور.
explain-end_turn = سقطت البذرة الأخيرة في حفرة فارغة: انتهى دور { $player }.
explain-new_game = تبدأ جولة جديدة من المباراة؛ يبدأ { $player }.

## pages
pages-aim = الهدف
pages-board = اللوحة
pages-sowing = الدور
pages-capture = الأسر
pages-special = قواعد خاصة
pages-end = نهاية اللعبة
pages-terms = مصطلحات
pages-people = الناس والمكان
pages-history = التاريخ
pages-names = الأسماء

## kiosk
kiosk-welcome = خمس ألعاب لوحية من شرق أفريقيا وجنوبها ومن عُمان. اختر واحدة لتلعبها أو تتعلمها أو تقرأ عنها.
kiosk-play_computer = العب ضد الحاسوب
kiosk-play_two = لاعبان
kiosk-touch_to_play = المس الشاشة لتلعب!
kiosk-still_there = هل ما زلت تلعب؟
kiosk-countdown =
    { $n ->
        [zero] تنتهي هذه اللعبة الآن
        [one] تنتهي هذه اللعبة خلال ثانية واحدة
        [two] تنتهي هذه اللعبة خلال ثانيتين
        [few] تنتهي هذه اللعبة خلال { $n } ثوانٍ
        [many] تنتهي هذه اللعبة خلال { $n } ثانية
       *[other] تنتهي هذه اللعبة خلال { $n } ثانية
    }
kiosk-touch_to_continue = المس الشاشة لتواصل اللعب.

## online
online-title = العب عبر الإنترنت
online-server = الخادم
online-create = أنشئ غرفة للعبة { $game }
online-code = رمز الغرفة
online-join = انضم
online-watch = شاهد
online-connecting = جارٍ الاتصال…
online-connected = متصل
online-reconnecting = انقطع الاتصال، جارٍ إعادة المحاولة…
online-offline = لا توجد شبكة: اللعب عبر الإنترنت يحتاج إليها. سيعود تلقائيًا عند عودة الشبكة.
online-offline_short = لا توجد شبكة
online-closed = مغلق
online-seat_open = مقعد شاغر
online-seat_here = حاضر
online-seat_away = غائب
online-room_line = الغرفة { $code } · { $link }
online-watching = مشاهدة
online-leave = غادر
online-share_title = غرفتك
online-share_hint = أعطِ هذا الرمز لخصمك: العب عبر الإنترنت، انضم برمز.
online-not_sent = غير متصل: لم تُرسل النقلة.
online-watch_only = أنت تشاهد هذه اللعبة.
online-expired = أُغلقت الغرفة بعد توقف طويل.
online-unknown = أرسل الخادم رسالة لا تعرفها هذه اللعبة: حدِّث اللعبة.
online-back = رجوع
online-your_name = اسمك
online-name_hint = يظهر للاعبين الآخرين
online-quick = العب مع أحدهم الآن: { $game }
online-looking =
    جارٍ البحث عن خصم… في الانتظار: { $waiting }، { $playing ->
        [zero] ولا ألعاب جارية
        [one] ولعبة واحدة جارية
        [two] ولعبتان جاريتان
        [few] و{ $playing } ألعاب جارية
        [many] و{ $playing } لعبة جارية
       *[other] و{ $playing } لعبة جارية
    }
online-cancel = إلغاء
online-open_rooms = بانتظار خصم
online-no_open = لا توجد غرف مفتوحة الآن.
online-in_play = ألعاب جارية
online-none_playing = لا توجد ألعاب جارية.
online-waited = انتظر { $time }
online-seconds =
    { $n ->
        [zero] { $n } ثانية
        [one] ثانية واحدة
        [two] ثانيتان
        [few] { $n } ثوانٍ
        [many] { $n } ثانية
       *[other] { $n } ثانية
    }
online-minutes =
    { $n ->
        [zero] { $n } دقيقة
        [one] دقيقة واحدة
        [two] دقيقتان
        [few] { $n } دقائق
        [many] { $n } دقيقة
       *[other] { $n } دقيقة
    }
online-move_no = النقلة { $n }
online-watchers =
    { $n ->
        [zero] لا مشاهدين
        [one] مشاهد واحد
        [two] مشاهدان
        [few] { $n } مشاهدين
        [many] { $n } مشاهدًا
       *[other] { $n } مشاهد
    }
online-public = اعرضها في الردهة
online-by_code = انضم برمز
online-guest = ضيف
online-rated_line = { $player }: من { $before } إلى { $after }
online-rematch = مباراة أخرى
online-accept_rematch = اقبل المباراة الأخرى
online-rematch_asked = طُلبت مباراة أخرى
online-said = { $player }: { $phrase }
online-phrase-good_game = لعبة جيدة
online-phrase-well_played = أحسنت اللعب
online-phrase-thank_you = شكرًا
online-phrase-your_move = دورك
online-lobby_loading = جارٍ الوصول إلى الخادم…
online-vs = { $south } – { $north }
online-leaderboard = أفضل اللاعبين: { $game }
online-no_ranked = لم يلعب أحد بعد خمس ألعاب مصنّفة.
online-games =
    { $n ->
        [zero] لا ألعاب
        [one] لعبة واحدة
        [two] لعبتان
        [few] { $n } ألعاب
        [many] { $n } لعبة
       *[other] { $n } لعبة
    }
online-say = قل…

## review
review-open = المراجعة
review-open_hint = اعرف أين رُبحت اللعبة وأين خُسرت
review-title = مراجعة اللعبة
review-progress = جارٍ مراجعة النقلة { $n } من { $total }…
review-failed = توقفت المراجعة: { $why }
review-axis_seeds = التقدم بالبذور
review-south_ahead = الجنوب متقدم
review-north_ahead = الشمال متقدم
review-pick = اختر نقطة على الرسم البياني أو نقلة، أو استخدم مفاتيح الأسهم.
review-mark-good = جيدة
review-mark-inaccuracy = غير دقيقة
review-mark-mistake = خطأ
review-mark-blunder = خطأ فادح
review-before_move = قبل النقلة { $n }
review-played_tag = لُعبت { $move }: { $value }
review-best_tag = الأفضل { $move }: { $value }
review-sentence-best = كانت النقلة { $move } التي لعبها { $player } أفضل نقلة.
review-sentence-fine = كانت النقلة { $move } التي لعبها { $player } جيدة تقريبًا مثل { $best }.
review-sentence-lost =
    { $n ->
        [zero] لم تخسر النقلة { $move } التي لعبها { $player } أي بذرة؛ لكن { $best } كانت أفضل.
        [one] خسرت النقلة { $move } التي لعبها { $player } بذرة واحدة؛ كانت { $best } أفضل.
        [two] خسرت النقلة { $move } التي لعبها { $player } بذرتين؛ كانت { $best } أفضل.
        [few] خسرت النقلة { $move } التي لعبها { $player } { $n } بذور؛ كانت { $best } أفضل.
        [many] خسرت النقلة { $move } التي لعبها { $player } { $n } بذرة؛ كانت { $best } أفضل.
       *[other] خسرت النقلة { $move } التي لعبها { $player } { $n } بذرة؛ كانت { $best } أفضل.
    }
review-reason-captures =
    { $n ->
        [zero] ما كانت { $best } لتأسر أي بذرة دفعة واحدة.
        [one] كانت { $best } ستأسر بذرة واحدة دفعة واحدة.
        [two] كانت { $best } ستأسر بذرتين دفعة واحدة.
        [few] كانت { $best } ستأسر { $n } بذور دفعة واحدة.
        [many] كانت { $best } ستأسر { $n } بذرة دفعة واحدة.
       *[other] كانت { $best } ستأسر { $n } بذرة دفعة واحدة.
    }
review-previous = السابق
review-next = التالي
review-play_here_computer = العب من هنا ضد الحاسوب
review-play_here_people = العب من هنا، لاعبان
review-close = أغلق المراجعة
review-three_open = اعرف اللحظات الثلاث الحاسمة
review-three_title = اللحظات الحاسمة
review-three_step = اللحظة { $n } من { $total }
review-three_finding = جارٍ البحث عن اللحظات التي حسمت اللعبة…
review-three_none = لم يفرّط أحد في شيء: كانت كل نقلة بجودة أفضل نقلة للحاسوب.
review-three_done = تم
review-sentence-missed_win = أضاعت النقلة { $move } التي لعبها { $player } الفوز: كانت { $best } ستربح اللعبة.
review-sentence-lost_game = خسرت النقلة { $move } التي لعبها { $player } اللعبة؛ كانت { $best } ستصمد مدة أطول.
review-play_here = العب من هنا
review-make_puzzle = اجعل منها لغزًا
review-make_puzzle_hint = يُضاف الوضع الذي سبق هذه النقلة إلى ألغازي، إن كانت فيه نقلة واحدة تكسب أكثر من غيرها بوضوح.
review-puzzle_made = أُضيف إلى ألغازي.
review-puzzle_not_made = لا لغز هنا: لا نقلة تتميّز عن غيرها بوضوح كافٍ.
review-puzzle_making = جارٍ إعداد اللغز…

## puzzles
menu-puzzles = الألغاز
puzzle-title = اللغز
puzzle-of = { $game } · { $difficulty }
puzzle-task-seeds =
    { $n ->
        [zero] دور { $player }: اكسب { $n } بذرة
        [one] دور { $player }: اكسب بذرة واحدة
        [two] دور { $player }: اكسب بذرتين
        [few] دور { $player }: اكسب { $n } بذور
        [many] دور { $player }: اكسب { $n } بذرة
       *[other] دور { $player }: اكسب { $n } بذرة
    }
puzzle-task-game = دور { $player }: اربح اللعبة
puzzle-right = صحيح!
puzzle-wins-seeds =
    { $n ->
        [zero] النقلة { $move } لا تكسب أي بذرة.
        [one] النقلة { $move } تكسب بذرة واحدة.
        [two] النقلة { $move } تكسب بذرتين.
        [few] النقلة { $move } تكسب { $n } بذور.
        [many] النقلة { $move } تكسب { $n } بذرة.
       *[other] النقلة { $move } تكسب { $n } بذرة.
    }
puzzle-wins-game = النقلة { $move } تربح اللعبة.
puzzle-wrong = ليست هذه.
puzzle-tries_left =
    { $n ->
        [zero] حاول مجددًا: لم تبقَ لك أي محاولة.
        [one] حاول مجددًا: بقيت لك محاولة واحدة.
        [two] حاول مجددًا: بقيت لك محاولتان.
        [few] حاول مجددًا: بقيت لك { $n } محاولات.
        [many] حاول مجددًا: بقيت لك { $n } محاولة.
       *[other] حاول مجددًا: بقيت لك { $n } محاولة.
    }
puzzle-the_answer = الحل:
puzzle-showing = شاهد الحل…
puzzle-theme = الموضوع: { $theme }
puzzle-hint = تلميح
puzzle-hint_tip = يجعل الحفرة التي يجب لعبها تتوهج. اللغز الذي يُحل بمساعدة تلميح يُحسب لغزًا فائتًا.
puzzle-next = اللغز التالي
puzzle-exit = العودة إلى القائمة
puzzle-rating = تصنيفك في الألغاز: { $rating }
puzzle-streak = ألغاز محلولة على التوالي: { $n } (الأفضل: { $best })
puzzle-every_game = ألغاز كل الألعاب
puzzle-mine = ألغازي
puzzle-mine_none = لا ألغاز خاصة بك بعد: في مراجعة لعبة، اختر نقلة معلَّمة ثم «اجعل منها لغزًا».
puzzle-loading = جارٍ تحميل الألغاز…
puzzle-unavailable = تعذّر تحميل الألغاز: { $why }
puzzle-done_gate = انتهى هذا اللغز: اختر اللغز التالي.
puzzle-difficulty-easy = سهل
puzzle-difficulty-medium = متوسط
puzzle-difficulty-hard = صعب
puzzle-theme-grand_slam = الاكتساح
puzzle-theme-win = النقلة الرابحة
puzzle-theme-reverse_capture = أسر عكسي
puzzle-theme-file = عمود كامل
puzzle-theme-four = رباعية
puzzle-theme-relay_capture = أسر بعد التتابع
puzzle-theme-strip = انتزاع إضافي
puzzle-theme-capture = أسر
kiosk-find_it = هل تستطيع أن تجدها؟
kiosk-find_it_hint = نقلة واحدة تكسب أكثر من غيرها. ثلاث محاولات.
