### Mancala Hall: The interface: title, menus, the game screen, the review, online play, the kiosk.
### Fluent (https://projectfluent.org); docs/i18n.md says how to change it.

## app
app-title = Mancala Hall

## player
player-south = Kusini
player-north = Kaskazini

## title
title-subtitle = Michezo mitano ya bao ya Afrika Mashariki na Kusini
title-version = Toleo { $version }

## menu
menu-choose_game = Chagua mchezo
menu-describe-omweso = Mchezo wa kifalme wa Uganda: 4 x 8, mbegu zilizotekwa hupandwa tena upande wako.
menu-describe-anywoli = Mchezo wa Waanuak wa 2 x 12 wenye maghala: anayefanya shimo liwe na mbegu nne huzichukua.
menu-describe-nsolo = Mchezo wa Wangoni wa 4 x n (hadi 36): ukiteka, unaondoa pia mbegu za ziada za mpinzani.
menu-describe-hawalis = Omani na Zanzibar, 4 x 7: maliza kwenye shimo tupu la mbele ili uteke mstari mzima.
menu-describe-bao_kigogo = Mchezo wa Wagogo wa Dodoma: sheria za Hawalis kwenye ubao wa 4 x 12.
menu-rules = Jinsi ya kucheza
menu-story = Historia
menu-options = Machaguo
menu-players = Wachezaji
menu-south_near = Kusini (karibu)
menu-north_far = Kaskazini (mbali)
menu-person = mtu
menu-computer = kompyuta
menu-level = Kompyuta:
menu-first = Anaanza:
menu-by_lot = kwa kura
menu-start = Anza
menu-resume = Endelea
menu-settings = Mipangilio
menu-saved_games = Michezo iliyohifadhiwa
menu-autosave = Mchezo wa mwisho (huhifadhiwa baada ya kila zamu)
menu-saved_line =
    { $moves ->
        [one] { $label } — { $game }, hatua { $moves }{ $finished }
       *[other] { $label } — { $game }, hatua { $moves }{ $finished }
    }
menu-finished = , mchezo umekwisha
menu-watch = Tazama tangu mwanzo
menu-cannot_open = { $label }: haiwezi kufunguliwa: { $why }

## level
level-beginner = Anayeanza
level-player = Mchezaji
level-expert = Hodari
level-master = Bingwa

## options
options-set_up = Mpangilio wa mbegu:
options-standard = wa kawaida (mbegu 4 katika kila shimo la nyuma)
options-free = mpangilio huru
options-opening_three = Tatu za mwanzo: kabla ya mtu yeyote kuteka, shimo lenye mbegu 3 linaweza kupandwa kama 2 na 1
options-grand_slam = Ushindi mkuu: kuuacha upande wa mpinzani mtupu kunashinda mechi
options-front_row_two_points = Pointi 2 kwa utekaji unaoiacha tupu safu ya mbele ya mpinzani
options-two_captures_first = Pointi 2 kwa kuteka katika zamu mbili kabla ya utekaji wa kwanza wa mpinzani
options-match = pointi za kushinda mechi
options-mode = Mtindo:
options-counting = kuhesabu
options-no_take_back = bila kurudisha hatua
options-blitz = kasi (sekunde 3 kwa kila uamuzi)
options-last_four = Mbegu nne za mwisho zinakwenda kwa:
options-last_capturer = aliyeteka mwisho
options-first_last_seed_capturer = wa kwanza kuteka kwa mbegu ya mwisho
options-lottery = kura ya bahati
options-stop_when_decided = Simamisha mchezo ukishaamuliwa (ghala likipita 48) — kanuni ya mradi huu
options-width = mashimo kwa safu
options-bonus_up_to_k = Mbegu za ziada ni hadi k (unaweza kusimama mapema)
options-never_ending = Hatua isiyoisha kamwe:
options-draw = sare
options-mover_loses = aliyeicheza hushindwa

## settings
settings-language = Lugha:
settings-text_size = ukubwa wa maandishi
settings-high_contrast = Utofautishaji mkubwa wa rangi
settings-reduced_motion = Mwendo uliopunguzwa (mbegu huteleza, haziruki)
settings-explain = Eleza kila hatua kwa maandishi mafupi

## status
status-to_move = Zamu ya { $player }
status-direction = { $player } anachagua mwelekeo wa mzunguko unaofuata
status-strip =
    { $remaining ->
        [one] { $player } anaondoa mbegu { $remaining } zaidi ya mpinzani
       *[other] { $player } anaondoa mbegu { $remaining } zaidi za mpinzani
    }
status-arrange = { $player } anapanga mbegu

## outcome
outcome-win_because = { $player } ameshinda: { $why }
outcome-draw_because = Sare: { $why }
outcome-annulled_because = Mchezo umefutwa: { $why }

## reason
reason-grand_slam = mashimo yote ya mpinzani yako tupu (ushindi mkuu)
reason-both_end_columns = ameteka kutoka mistari yote miwili ya pembeni katika zamu moja
reason-front_row_empty = utekaji uliiacha tupu safu ya mbele ya mpinzani
reason-two_captures_first = ameteka katika zamu mbili kabla ya utekaji wa kwanza wa mpinzani
reason-no_legal_move = mchezaji mwenye zamu hana hatua inayoruhusiwa
reason-no_seeds_left = mchezaji mmoja amekosa mbegu kabisa
reason-board_empty = hakuna mbegu zilizobaki ubaoni
reason-last_four = zilibaki mbegu nne; zimegawiwa kwa kanuni ya mbegu nne za mwisho
reason-decided = ghala moja lina zaidi ya nusu ya mbegu
reason-nobody_can_move = hakuna mchezaji anayeweza kucheza
reason-repetition = hali ya ubao imejirudia
reason-never_ending_move = hatua fulani ingeendelea bila kuisha
reason-resigned = mchezaji mmoja amejitoa
reason-time_out = muda wa mchezaji mmoja umekwisha

## choice
choice-sow = Panda { $move } kinyume cha mwendo wa saa
choice-reverse = Teka kinyumenyume kutoka { $move }, kwa mwendo wa saa
choice-opening_three = Tatu za mwanzo kutoka { $move }

## hud
hud-moving = { $player } anacheza...
hud-store = { $player }: ghala { $n }
hud-on_side =
    { $n ->
        [one] { $player }: mbegu { $n } upande huu
       *[other] { $player }: mbegu { $n } upande huu
    }
hud-captured = { $player }: ameteka { $n }
hud-match_to = Mechi hadi pointi { $target }: Kusini { $south } – Kaskazini { $north }
hud-match_game = Mchezo { $n }: { $result } ({ $why })
hud-draw = sare
hud-annulled = umefutwa
hud-last_move = Hatua ya mwisho: { $player } { $move }
hud-speed = Kasi:
hud-sound = sauti
hud-north_seat = Kamera upande wa Kaskazini
hud-counts = Idadi ya mbegu:
hud-always = kila wakati
hud-on_hover = ukielekeza kipanya
hud-off = zima
hud-skip = Ruka (nafasi)
hud-rules = Sheria
hud-save = Hifadhi
hud-menu = Menyu (esc)
hud-menu_word = Menyu
hud-skip_word = Ruka

## speed
speed-slow = polepole
speed-normal = kawaida
speed-fast = haraka
speed-instant = papo hapo

## prompt
prompt-which_move = Hatua gani?
prompt-cancel = Ghairi
prompt-direction = { $player }: mwelekeo wa mzunguko unaofuata
prompt-ccw = kinyume cha mwendo wa saa
prompt-cw = kwa mwendo wa saa (kuteka)
prompt-arrange = { $player }: panga mbegu zako 32
prompt-arrange_how = Gusa mojawapo ya mashimo yako ili kuchukua mbegu zake, kisha gusa mashimo ili kudondosha mbegu moja katika kila moja (zisizozidi 10 katika shimo moja).
prompt-done = Tayari
prompt-start_again = Anza upya
prompt-standard = Mpangilio wa kawaida (mbegu 4 katika kila shimo la nyuma)
prompt-random_arrangement = Mpangilio wa nasibu
prompt-standard_short = Kawaida
prompt-random_short = Nasibu
prompt-strip = { $player }: ondoa mbegu { $remaining } zaidi
prompt-strip_how = Gusa mashimo ya mpinzani ili kuchukua mbegu moja kutoka kila moja.
prompt-stop_stripping = Acha kuondoa mbegu

## over
over-title = Mchezo umekwisha
over-wins = { $player } ameshinda
over-draw = Sare
over-annulled = Mchezo umefutwa
over-points = Pointi: { $n }
over-match = Mechi: Kusini { $south } – Kaskazini { $north }
over-match_winner = { $player } ameshinda mechi
over-next_game = Mchezo unaofuata
over-play_again = Cheza tena
over-back_to_menu = Rudi kwenye menyu

## moves
moves-title = Hatua
moves-none = Bado hakuna hatua iliyochezwa.
moves-watching = Unatazama mchezo uliohifadhiwa: hatua { $n } kati ya { $total }
moves-step_back = « hatua nyuma
moves-pause = simamisha
moves-play = cheza
moves-step = hatua mbele »
moves-stop_watching = acha kutazama
moves-undo = Tendua (ctrl+z)
moves-redo = Rudia (ctrl+y)
moves-hide_list = Ficha orodha
moves-list = Orodha ya hatua
moves-thinking = Natafuta dokezo...
moves-hint = Dokezo
moves-whole_board = Ubao wote
moves-close_up = Kwa karibu
moves-hint_is = Dokezo: { $move }
moves-showing = Inaonyesha hali ya ubao baada ya hatua { $n }
moves-back_to_game = Rudi kwenye mchezo

## notice
notice-cannot_play = Shimo hilo haliwezi kuchezwa sasa.
notice-arrange_own_rows = Panga mbegu kwenye safu zako mbili.
notice-pit_empty = Shimo hilo liko tupu: chukua mbegu kutoka shimo jingine.
notice-at_most_10 = Mbegu zisizozidi 10 katika shimo moja.
notice-no_take_backs = Katika mchezo huu huwezi kurudisha hatua.
notice-nothing_to_undo = Hakuna hatua ya kurudisha.
notice-viewing_past = Unatazama nafasi ya zamani: rudi kwenye mchezo ili ucheze.
notice-too_many_moves = Hatua nyingi mno kwa wakati mmoja: { $move } haikuchezwa.
notice-long_move = Hatua ndefu sana: mizunguko milioni { $n } imekaguliwa hadi sasa…
notice-cannot_save = Michezo haiwezi kuhifadhiwa hapa.
notice-saved_as = Imehifadhiwa kama “{ $name }”
notice-could_not_save = Imeshindikana kuhifadhi kwenye { $path }: { $why }

## banner
banner-extra_turn = { $player } anacheza tena
banner-pass = { $player } hawezi kucheza, anaruka zamu
banner-lot = Kura imemwangukia { $player }
banner-repetition = Hali hii ya ubao imetokea mara { $n }
banner-condensed = ... na kadhalika kwa mizunguko { $n } zaidi
banner-never_ending = Hatua hii isingeisha kamwe (imethibitishwa baada ya mizunguko { $n }): haichezwi
banner-end_turn = Zamu ya { $player } imekwisha

## explain
explain-lift =
    { $n ->
        [one] Kupanda: { $player } anainua mbegu { $n } na kuidondosha katika shimo linalofuata.
       *[other] Kupanda: { $player } anainua mbegu { $n } na kuzidondosha moja moja katika mashimo yanayofuata.
    }
explain-relay = Mwendelezo: mbegu ya mwisho imeangukia shimo lisilo tupu, kwa hiyo mbegu zake { $n } zinainuliwa na kuendelea kupandwa.
explain-capture_resow = Kuteka: mbegu { $n } zinachukuliwa kutoka shimo la mpinzani lililo mkabala, na kurudi mchezoni upande wa aliyeteka.
explain-four = Nne! Mbegu { $n } zinakwenda kwenye ghala la { $player }.
explain-capture =
    { $n ->
        [one] Kuteka: { $player } anaondoa mbegu { $n } ubaoni.
       *[other] Kuteka: { $player } anaondoa mbegu { $n } ubaoni.
    }
explain-strip = Zawadi: { $player } anaondoa mbegu moja zaidi ya mpinzani.
explain-arrange = { $player } amepanga mbegu.
explain-end_turn = Mbegu ya mwisho imeangukia shimo tupu: zamu ya { $player } imekwisha.
explain-new_game = Mchezo mpya wa mechi hii unaanza; { $player } ndiye wa kwanza.

## pages
pages-aim = Lengo
pages-board = Ubao
pages-sowing = Zamu moja
pages-capture = Kuteka
pages-special = Kanuni maalumu
pages-end = Mwisho wa mchezo
pages-terms = Maneno yanayotumika
pages-people = Watu na mahali
pages-history = Historia
pages-names = Majina

## kiosk
kiosk-welcome = Michezo mitano ya bao kutoka Afrika Mashariki na Kusini, na Omani. Chagua mmoja ili uucheze, ujifunze, au usome habari zake.
kiosk-play_computer = Cheza na kompyuta
kiosk-play_two = Wachezaji wawili
kiosk-touch_to_play = Gusa skrini ucheze!
kiosk-still_there = Bado unacheza?
kiosk-countdown = Mchezo huu utaisha baada ya sekunde { $n }
kiosk-touch_to_continue = Gusa skrini uendelee kucheza.

## online
online-title = Cheza mtandaoni
online-server = Seva
online-create = Fungua chumba cha { $game }
online-code = Msimbo wa chumba
online-join = Jiunge
online-watch = Tazama
online-connecting = inaunganisha…
online-connected = imeunganishwa
online-reconnecting = muunganisho umekatika, inajaribu tena…
online-offline = Hakuna mtandao: kucheza mtandaoni kunauhitaji. Kutarejea chenyewe mtandao ukirudi.
online-offline_short = hakuna mtandao
online-closed = imefungwa
online-seat_open = kiti kiko wazi
online-seat_here = yupo
online-seat_away = hayupo
online-room_line = Chumba { $code } · { $link }
online-watching = unatazama
online-leave = Ondoka
online-share_title = Chumba chako
online-share_hint = Mpe mpinzani wako msimbo huu: Cheza mtandaoni, Ingia kwa msimbo.
online-not_sent = Hakuna muunganisho: hatua haikutumwa.
online-watch_only = Unatazama mchezo huu.
online-expired = Chumba kilifungwa baada ya kukaa bila kuchezwa muda mrefu.
online-unknown = Seva imetuma ujumbe ambao mchezo huu haujui: sasisha mchezo.
online-back = Rudi
online-your_name = Jina lako
online-name_hint = wachezaji wengine wataliona
online-quick = Cheza na mtu sasa: { $game }
online-looking = Tunakutafutia mpinzani… { $waiting } wanasubiri, michezo { $playing } inachezwa
online-cancel = Ghairi
online-open_rooms = Wanasubiri mpinzani
online-no_open = Hakuna chumba kilicho wazi sasa hivi.
online-in_play = Michezo inayochezwa
online-none_playing = Hakuna mchezo unaochezwa.
online-waited = amesubiri { $time }
online-seconds = sekunde { $n }
online-minutes = dakika { $n }
online-move_no = hatua { $n }
online-watchers = { $n } wanatazama
online-public = Kionekane ukumbini
online-by_code = Ingia kwa msimbo
online-guest = Mgeni
online-rated_line = { $player }: kutoka { $before } hadi { $after }
online-rematch = Cheza tena
online-accept_rematch = Kubali kucheza tena
online-rematch_asked = Umeomba kucheza tena
online-said = { $player }: { $phrase }
online-phrase-good_game = Mchezo mzuri
online-phrase-well_played = Umecheza vizuri
online-phrase-thank_you = Asante
online-phrase-your_move = Zamu yako
online-lobby_loading = Tunaunganisha na seva…
online-vs = { $south } – { $north }
online-leaderboard = Wachezaji bora: { $game }
online-no_ranked = Bado hakuna aliyecheza michezo mitano ya ukadiriaji.
online-games = michezo { $n }
online-say = Sema…

## review
review-open = Tathmini
review-open_hint = Ona mahali mchezo ulipopatikana na kupotea
review-title = Tathmini ya mchezo
review-progress = Inatathmini hatua { $n } kati ya { $total }…
review-failed = Tathmini imesimama: { $why }
review-axis_seeds = Mbegu za ziada
review-south_ahead = Kusini iko mbele
review-north_ahead = Kaskazini iko mbele
review-pick = Chagua nukta kwenye grafu au hatua, au tumia vitufe vya mishale.
review-mark-good = Nzuri
review-mark-inaccuracy = Dosari ndogo
review-mark-mistake = Kosa
review-mark-blunder = Kosa kubwa
review-before_move = Kabla ya hatua { $n }
review-played_tag = iliyochezwa { $move }: { $value }
review-best_tag = bora { $move }: { $value }
review-sentence-best = Hatua { $move } ya { $player } ilikuwa hatua bora.
review-sentence-fine = Hatua { $move } ya { $player } ilikuwa karibu sawa na { $best }.
review-sentence-lost =
    { $n ->
        [one] Hatua { $move } ya { $player } ilipoteza mbegu { $n }; { $best } ingekuwa bora zaidi.
       *[other] Hatua { $move } ya { $player } ilipoteza mbegu { $n }; { $best } ingekuwa bora zaidi.
    }
review-reason-captures =
    { $n ->
        [one] { $best } ingeteka mbegu { $n } mara moja.
       *[other] { $best } ingeteka mbegu { $n } mara moja.
    }
review-previous = Iliyotangulia
review-next = Inayofuata
review-play_here_computer = Cheza kuanzia hapa dhidi ya kompyuta
review-play_here_people = Cheza kuanzia hapa, wachezaji wawili
review-close = Funga tathmini
review-three_open = Ona nyakati tatu zilizoamua mchezo
review-three_title = Nyakati zilizoamua mchezo
review-three_step = Wakati { $n } kati ya { $total }
review-three_finding = Inatafuta nyakati zilizoamua mchezo…
review-three_none = Hakuna aliyepoteza kitu: kila hatua ilikuwa nzuri kama hatua bora ya kompyuta.
review-three_done = Nimemaliza
review-sentence-missed_win = Hatua { $move } ya { $player } iliacha ushindi uponyoke: { $best } ingeshinda mchezo.
review-sentence-lost_game = Hatua { $move } ya { $player } ilipoteza mchezo; { $best } ingestahimili zaidi.
review-play_here = Cheza kuanzia hapa
review-make_puzzle = Tunga fumbo kwa hatua hii
review-make_puzzle_hint = Hali ya ubao kabla ya hatua hii itaingia kwenye Mafumbo yangu, ikiwa hapo kuna hatua moja inayopata zaidi kuliko zote waziwazi.
review-puzzle_made = Limeongezwa kwenye Mafumbo yangu.
review-puzzle_not_made = Hakuna fumbo hapa: hakuna hatua inayojitokeza waziwazi vya kutosha kuliko nyingine.
review-puzzle_making = Inatunga fumbo…

## puzzles
menu-puzzles = Mafumbo
puzzle-title = Fumbo
puzzle-of = { $game } · { $difficulty }
puzzle-task-seeds =
    { $n ->
        [one] Zamu ya { $player }: pata mbegu { $n }
       *[other] Zamu ya { $player }: pata mbegu { $n }
    }
puzzle-task-game = Zamu ya { $player }: shinda mchezo
puzzle-right = Sahihi!
puzzle-wins-seeds =
    { $n ->
        [one] { $move } inapata mbegu { $n }.
       *[other] { $move } inapata mbegu { $n }.
    }
puzzle-wins-game = { $move } inashinda mchezo.
puzzle-wrong = Si hii.
puzzle-tries_left =
    { $n ->
        [one] Jaribu tena: umebakiwa na jaribio { $n }.
       *[other] Jaribu tena: umebakiwa na majaribio { $n }.
    }
puzzle-the_answer = Jibu:
puzzle-showing = Tazama jibu…
puzzle-theme = Mada: { $theme }
puzzle-hint = Dokezo
puzzle-hint_tip = Hufanya shimo unalopaswa kucheza ling'ae. Fumbo lililotatuliwa kwa dokezo huhesabiwa kuwa limekosewa.
puzzle-next = Fumbo linalofuata
puzzle-exit = Rudi kwenye menyu
puzzle-rating = Ukadiriaji wako wa mafumbo: { $rating }
puzzle-streak = Yaliyotatuliwa mfululizo: { $n } (bora { $best })
puzzle-every_game = Mafumbo ya kila mchezo
puzzle-mine = Mafumbo yangu
puzzle-mine_none = Bado huna mafumbo yako mwenyewe: katika tathmini ya mchezo, chagua hatua iliyowekewa alama kisha “Tunga fumbo kwa hatua hii”.
puzzle-loading = Inapakia mafumbo…
puzzle-unavailable = Mafumbo hayakuweza kupakiwa: { $why }
puzzle-done_gate = Fumbo hili limekwisha: chagua Fumbo linalofuata.
puzzle-difficulty-easy = Rahisi
puzzle-difficulty-medium = Wastani
puzzle-difficulty-hard = Ngumu
puzzle-theme-grand_slam = Ushindi mkuu
puzzle-theme-win = Hatua ya ushindi
puzzle-theme-reverse_capture = Kuteka kinyumenyume
puzzle-theme-file = Mstari mzima
puzzle-theme-four = Nne
puzzle-theme-relay_capture = Kuteka baada ya mwendelezo
puzzle-theme-strip = Mbegu za ziada
puzzle-theme-capture = Kuteka
kiosk-find_it = Je, unaweza kuipata?
kiosk-find_it_hint = Hatua moja inapata zaidi kuliko zote. Una majaribio matatu.
