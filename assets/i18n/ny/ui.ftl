### Mancala Hall: The interface: title, menus, the game screen, the review, online play, the kiosk.
### Fluent (https://projectfluent.org); docs/i18n.md says how to change it.
### Chichewa (Chinyanja) draft, machine-made: to be reviewed by a native speaker.

## app
app-title = Mancala Hall

## player
player-south = Kumwera
player-north = Kumpoto

## title
title-subtitle = Masewera asanu a mancala a Kum'mawa ndi Kumwera kwa Afirika
title-version = Mtundu { $version }

## menu
menu-choose_game = Sankhani masewera
menu-describe-omweso = Masewera achifumu a Uganda: 4 x 8, mbewu zolandidwa zimafesedwanso kumbali yanu.
menu-describe-anywoli = Masewera a Anuak a 2 x 12 okhala ndi nkhokwe: amene wapanga zinayi m'dzenje amazitenga.
menu-describe-nsolo = Masewera a Angoni a 4 x n (mpaka 36): kulanda kumakupatsani mwayi wochotsa mbewu zina za mdani.
menu-describe-hawalis = Oman ndi Zanzibar, 4 x 7: malizani m'dzenje lakutsogolo lopanda kanthu kuti mulande mzere wonse wodutsa.
menu-describe-bao_kigogo = Masewera a Wagogo a ku Dodoma: malamulo a Hawalis pa bolodi la 4 x 12.
menu-rules = Momwe mungasewerere
menu-story = Mbiri yake
menu-options = Zosankha
menu-players = Osewera
menu-south_near = Kumwera (pafupi)
menu-north_far = Kumpoto (kutali)
menu-person = munthu
menu-computer = kompyuta
menu-level = Kompyuta:
menu-first = Woyamba:
menu-by_lot = mwa maere
menu-start = Yambani
menu-resume = Pitirizani
menu-settings = Zokonda
menu-saved_games = Masewera osungidwa
menu-autosave = Masewera omaliza (amasungidwa pambuyo pa mwayi uliwonse)
menu-saved_line =
    { $moves ->
        [one] { $label } — { $game }, kusuntha { $moves }{ $finished }
       *[other] { $label } — { $game }, kusuntha { $moves }{ $finished }
    }
menu-finished = , atha
menu-watch = Onerani kuyambira pachiyambi
menu-cannot_open = { $label }: sitingathe kutsegula: { $why }

## level
level-beginner = Wongoyamba
level-player = Wosewera
level-expert = Katswiri
level-master = Ngwazi

## options
options-set_up = Kayalidwe:
options-standard = wamba (mbewu 4 m'dzenje lililonse lakumbuyo)
options-free = mwaufulu
options-opening_three = Zitatu zoyamba: pamene palibe amene walanda, dzenje la mbewu 3 lingafesedwe ngati 2 ndi 1
options-grand_slam = Kupambana kwathunthu: kukhuthula mbali ya mdani kumapambana mpikisano wonse
options-front_row_two_points = Mapointi 2 pa kulanda komwe kukhuthula mzere wakutsogolo wa mdani
options-two_captures_first = Mapointi 2 polanda pa nthawi ziwiri zosiyana mdani asanalande koyamba
options-match = mapointi opambana mpikisano
options-mode = Njira:
options-counting = kuwerengera
options-no_take_back = palibe kubweza
options-blitz = mwachangu (masekondi 3 pa chisankho)
options-last_four = Zinayi zomaliza zipita kwa:
options-last_capturer = amene walanda komaliza
options-first_last_seed_capturer = woyamba kulanda ndi mbewu yomaliza
options-lottery = maere
options-stop_when_decided = Imani wopambana akadziwika (nkhokwe ikapitirira 48) — lamulo la pulojekitiyi
options-width = maenje pa mzere
options-bonus_up_to_k = Mbewu za mphoto: mpaka k (mungathe kuima msanga)
options-never_ending = Kusuntha kosatha:
options-draw = kufanana
options-mover_loses = wosuntha agonja

## settings
settings-language = Chiyankhulo:
settings-text_size = kukula kwa malemba
settings-high_contrast = Mitundu yosiyana kwambiri
settings-reduced_motion = Kuyenda kochepa (mbewu zimatsetsereka, sizidumpha)
settings-explain = Fotokozani kusuntha kulikonse ndi mawu olembedwa

## status
status-to_move = Mwayi wa { $player }
status-direction = { $player } akusankha kolowera ulendo wotsatira
status-strip =
    { $remaining ->
        [one] { $player } akuchotsa mbewu ina { $remaining } ya mdani
       *[other] { $player } akuchotsa mbewu zina { $remaining } za mdani
    }
status-arrange = { $player } akuyala mbewu

## outcome
outcome-win_because = { $player } wapambana: { $why }
outcome-draw_because = Palibe wopambana: { $why }
outcome-annulled_because = Masewerawa aletsedwa: { $why }

## reason
reason-grand_slam = maenje onse a mdani alibe kanthu (kupambana kwathunthu)
reason-both_end_columns = walanda m'mbali zonse ziwiri za bolodi pa mwayi umodzi
reason-front_row_empty = kulanda kwakhuthula mzere wakutsogolo wa mdani
reason-two_captures_first = walanda pa nthawi ziwiri zosiyana mdani asanalande koyamba
reason-no_legal_move = wosewera amene ali ndi mwayi alibe kusuntha kololedwa
reason-no_seeds_left = wosewera wina alibenso mbewu
reason-board_empty = palibe mbewu zotsala pa bolodi
reason-last_four = mbewu zinayi zinatsala; zapita molingana ndi lamulo la zinayi zomaliza
reason-decided = nkhokwe imodzi ili ndi mbewu zoposa theka
reason-nobody_can_move = palibe wosewera amene angasunthe
reason-repetition = malo a mbewu abwerezedwa
reason-never_ending_move = kusuntha kwina sikukanatha
reason-resigned = wosewera wina wavomera kugonja
reason-time_out = nthawi ya wosewera wina yatha

## choice
choice-sow = Fesani { $move } motsutsana ndi wotchi
choice-reverse = Landani mobwerera kuchokera pa { $move }, motsatira wotchi
choice-opening_three = Zitatu zoyamba kuchokera pa { $move }

## hud
hud-moving = { $player } akusuntha...
hud-store = { $player }: nkhokwe { $n }
hud-on_side =
    { $n ->
        [one] { $player }: mbewu { $n } kumbali iyi
       *[other] { $player }: mbewu { $n } kumbali iyi
    }
hud-captured = { $player }: walanda { $n }
hud-match_to =
    { $target ->
        [one] Mpikisano wa pointi { $target }: Kumwera { $south } – Kumpoto { $north }
       *[other] Mpikisano wa mapointi { $target }: Kumwera { $south } – Kumpoto { $north }
    }
hud-match_game = Masewera { $n }: { $result } ({ $why })
hud-draw = kufanana
hud-annulled = aletsedwa
hud-last_move = Kusuntha komaliza: { $player } { $move }
hud-speed = Liwiro:
hud-sound = mawu
hud-north_seat = Kamera kumbali ya Kumpoto
hud-counts = Chiwerengero:
hud-always = nthawi zonse
hud-on_hover = mukaloza
hud-off = zozimitsa
hud-skip = Lumphani (space)
hud-rules = Malamulo
hud-save = Sungani
hud-menu = Menyu (esc)
hud-menu_word = Menyu
hud-skip_word = Lumphani

## speed
speed-slow = modekha
speed-normal = wamba
speed-fast = mwachangu
speed-instant = pompopompo

## prompt
prompt-which_move = Kusuntha kuti?
prompt-cancel = Lekani
prompt-direction = { $player }: kolowera ulendo wotsatira
prompt-ccw = motsutsana ndi wotchi
prompt-cw = motsatira wotchi (kulanda)
prompt-arrange = { $player }: yalani mbewu zanu 32
prompt-arrange_how = Khudzani dzenje lanu limodzi kuti mutole mbewu zake, kenako khudzani maenje kuti muikemo mbewu imodzi mu lililonse (zosaposa 10 pa dzenje).
prompt-done = Ndamaliza
prompt-start_again = Yambiraninso
prompt-standard = Wamba (mbewu 4 m'dzenje lililonse lakumbuyo)
prompt-random_arrangement = Kuyala mwachisawawa
prompt-standard_short = Wamba
prompt-random_short = Mwachisawawa
prompt-strip =
    { $remaining ->
        [one] { $player }: chotsani mbewu ina { $remaining }
       *[other] { $player }: chotsani mbewu zina { $remaining }
    }
prompt-strip_how = Khudzani maenje a mdani kuti mutenge mbewu imodzi mu lililonse.
prompt-stop_stripping = Lekani kuchotsa

## over
over-title = Masewera atha
over-wins = { $player } wapambana
over-draw = Kufanana
over-annulled = Masewerawa aletsedwa
over-points = Mapointi: { $n }
over-match = Mpikisano: Kumwera { $south } – Kumpoto { $north }
over-match_winner = { $player } wapambana mpikisano
over-next_game = Masewera otsatira
over-play_again = Seweraninso
over-back_to_menu = Bwererani ku menyu

## moves
moves-title = Kusuntha
moves-none = Sipanakhale kusuntha kulikonse.
moves-watching = Mukuonera masewera osungidwa: kusuntha { $n } mwa { $total }
moves-step_back = « bwererani
moves-pause = imani
moves-play = sewerani
moves-step = patsogolo »
moves-stop_watching = lekani kuonera
moves-undo = Bwezani (ctrl+z)
moves-redo = Chitaninso (ctrl+y)
moves-hide_list = Bisani mndandanda
moves-list = Mndandanda wa kusuntha
moves-thinking = Ikuganizira langizo...
moves-hint = Langizo
moves-whole_board = Bolodi lonse
moves-close_up = Pafupi
moves-hint_is = Langizo: { $move }
moves-showing = Malo a mbewu pambuyo pa kusuntha { $n }
moves-back_to_game = Bwererani ku masewera

## notice
notice-cannot_play = Dzenje limenelo silingaseweredwe pano.
notice-arrange_own_rows = Yalani mbewu pa mizere yanu iwiri.
notice-pit_empty = Dzenje limenelo lilibe kanthu: tolani mbewu m'dzenje lina.
notice-at_most_10 = Mbewu zosaposa 10 m'dzenje limodzi.
notice-no_take_backs = Palibe kubweza kusuntha m'masewera awa.
notice-nothing_to_undo = Palibe choti mubweze.
notice-viewing_past = Mukuona malo a mbewu akale: bwererani ku masewera kuti musewere.
notice-too_many_moves = Kusuntha kwachuluka nthawi imodzi: sitinasewere { $move }.
notice-long_move = Kusuntha kwautali kwambiri: maulendo { $n } miliyoni ayang'aniridwa mpaka pano…
notice-cannot_save = Masewera sangasungidwe pano.
notice-saved_as = Asungidwa ngati “{ $name }”
notice-could_not_save = Sitinathe kusunga ku { $path }: { $why }

## banner
banner-extra_turn = { $player } aseweranso
banner-pass = { $player } sangasunthe, choncho wadutsa mwayi wake
banner-lot = Maere agwera { $player }
banner-repetition = Malo a mbewu awa abwera nthawi { $n }
banner-condensed =
    { $n ->
        [one] ... ndi zina zotero, ulendo wina { $n }
       *[other] ... ndi zina zotero, maulendo ena { $n }
    }
banner-never_ending =
    { $n ->
        [one] Kusuntha uku sikukanatha (zatsimikizika pambuyo pa ulendo { $n }): sikuseweredwa
       *[other] Kusuntha uku sikukanatha (zatsimikizika pambuyo pa maulendo { $n }): sikuseweredwa
    }
banner-end_turn = Mwayi wa { $player } watha

## explain
explain-lift =
    { $n ->
        [one] Kufesa: { $player } akutola mbewu { $n } ndi kuiika m'dzenje lotsatira.
       *[other] Kufesa: { $player } akutola mbewu { $n } ndi kuziika imodzi imodzi m'maenje otsatira.
    }
explain-relay =
    { $n ->
        [one] Kupitiriza: mbewu yomaliza yagwera m'dzenje limene linali ndi mbewu, choncho mbewu yake { $n } ikutoledwa ndi kufesedwa patsogolo.
       *[other] Kupitiriza: mbewu yomaliza yagwera m'dzenje limene linali ndi mbewu, choncho mbewu zake { $n } zikutoledwa ndi kufesedwa patsogolo.
    }
explain-capture_resow =
    { $n ->
        [one] Kulanda: mbewu { $n } yatengedwa m'dzenje la mdani loyang'anizana nalo ndipo ikubwereranso m'masewera kumbali ya wolanda.
       *[other] Kulanda: mbewu { $n } zatengedwa m'dzenje la mdani loyang'anizana nalo ndipo zikubwereranso m'masewera kumbali ya wolanda.
    }
explain-four =
    { $n ->
        [one] Zinayi! Mbewu { $n } yapita ku nkhokwe ya { $player }.
       *[other] Zinayi! Mbewu { $n } zapita ku nkhokwe ya { $player }.
    }
explain-capture =
    { $n ->
        [one] Kulanda: { $player } akuchotsa mbewu { $n } pa bolodi.
       *[other] Kulanda: { $player } akuchotsa mbewu { $n } pa bolodi.
    }
explain-strip = Mphoto: { $player } akuchotsa mbewu inanso imodzi ya mdani.
explain-arrange = { $player } wayala mbewu.
explain-end_turn = Mbewu yomaliza yagwera m'dzenje lopanda kanthu: mwayi wa { $player } watha.
explain-new_game = Masewera atsopano a mpikisano ayamba; { $player } ndiye akuyamba.

## pages
pages-aim = Cholinga
pages-board = Bolodi
pages-sowing = Mwayi wosewera
pages-capture = Kulanda
pages-special = Malamulo apadera
pages-end = Kutha kwa masewera
pages-terms = Mawu ogwiritsidwa ntchito
pages-people = Anthu ndi malo
pages-history = Mbiri
pages-names = Mayina

## kiosk
kiosk-welcome = Masewera asanu a pa bolodi a Kum'mawa ndi Kumwera kwa Afirika ndi a Oman. Sankhani amodzi: sewerani, phunzirani kapena werengani za iwo.
kiosk-play_computer = Sewerani ndi kompyuta
kiosk-play_two = Osewera awiri
kiosk-touch_to_play = Khudzani sikirini kuti musewere!
kiosk-still_there = Mukusewerabe?
kiosk-countdown =
    { $n ->
        [one] Masewerawa atha pakapita sekondi { $n }
       *[other] Masewerawa atha pakapita masekondi { $n }
    }
kiosk-touch_to_continue = Khudzani sikirini kuti mupitirize kusewera.

## online
online-title = Sewerani pa intaneti
online-server = Seva
online-create = Pangani chipinda cha { $game }
online-code = Khodi ya chipinda
online-join = Lowani
online-watch = Onerani
online-connecting = ikulumikiza…
online-connected = talumikizana
online-reconnecting = kulumikizana kwadulidwa, tikuyesanso…
online-offline = Palibe intaneti: kusewera pa intaneti kumaifuna. Kudzabwerera kokha intaneti ikabwerera.
online-offline_short = palibe intaneti
online-closed = zatsekedwa
online-seat_open = mpando wopanda munthu
online-seat_here = alipo
online-seat_away = kulibe
online-room_line = Chipinda { $code } · { $link }
online-watching = akuonera
online-leave = Chokani
online-share_title = Chipinda chanu
online-share_hint = Patsani mdani wanu khodi iyi: Sewerani pa intaneti, Lowani ndi khodi.
online-not_sent = Simunalumikizidwe: kusuntha sikunatumizidwe.
online-watch_only = Mukungoonera masewerawa.
online-expired = Chipinda chatsekedwa patatha nthawi yaitali osasewera.
online-unknown = Seva yatumiza uthenga umene masewerawa sakuudziwa: ikani mtundu watsopano wa masewerawa.
online-back = Bwererani
online-your_name = Dzina lanu
online-name_hint = limaonetsedwa kwa osewera ena
online-quick = Sewerani ndi winawake tsopano: { $game }
online-looking = Tikufufuza mdani… { $waiting } akudikira, masewera { $playing } akuseweredwa
online-cancel = Lekani
online-open_rooms = Akudikira mdani
online-no_open = Palibe zipinda zotsegula pano.
online-in_play = Masewera amene akuseweredwa
online-none_playing = Palibe masewera amene akuseweredwa.
online-waited = wadikira { $time }
online-seconds =
    { $n ->
        [one] sekondi { $n }
       *[other] masekondi { $n }
    }
online-minutes = mphindi { $n }
online-move_no = kusuntha { $n }
online-watchers =
    { $n ->
        [one] munthu { $n } akuonera
       *[other] anthu { $n } akuonera
    }
online-public = Onetsani pa mndandanda wa onse
online-by_code = Lowani ndi khodi
online-guest = Mlendo
online-rated_line = { $player }: { $before } kufika { $after }
online-rematch = Seweraninso
online-accept_rematch = Vomerani kuseweranso
online-rematch_asked = Kuseweranso kwapemphedwa
online-said = { $player }: { $phrase }
online-phrase-good_game = Masewera abwino
online-phrase-well_played = Mwasewera bwino
online-phrase-thank_you = Zikomo
online-phrase-your_move = Mwayi wanu
online-lobby_loading = Tikufikira seva…
online-vs = { $south } – { $north }
online-leaderboard = Osewera abwino koposa: { $game }
online-no_ranked = Palibe amene wasewera masewera asanu owerengedwa pakalipano.
online-games = masewera { $n }
online-say = Nenani…

## review
review-open = Kuunikanso
review-open_hint = Onani kumene kupambana ndi kugonja kunachokera
review-title = Kuunikanso masewera
review-progress = Tikuunika kusuntha { $n } mwa { $total }…
review-failed = Kuunikanso kwaima: { $why }
review-axis_seeds = Mbewu zoposera
review-south_ahead = Kumwera ali patsogolo
review-north_ahead = Kumpoto ali patsogolo
review-pick = Sankhani malo pa chithunzi kapena kusuntha, kapena gwiritsani ntchito makiyi a mivi.
review-mark-good = Kwabwino
review-mark-inaccuracy = Kosalondola
review-mark-mistake = Kolakwika
review-mark-blunder = Kolakwika kwambiri
review-before_move = Kusuntha { $n } kusanachitike
review-played_tag = anasewera { $move }: { $value }
review-best_tag = kwabwino koposa { $move }: { $value }
review-sentence-best = Kusuntha { $move } kwa { $player } kunali kwabwino koposa.
review-sentence-fine = Kusuntha { $move } kwa { $player } kunali pafupifupi kwabwino ngati { $best }.
review-sentence-lost =
    { $n ->
        [one] Kusuntha { $move } kwa { $player } kunataya mbewu { $n }; { $best } kukanakhala bwino.
       *[other] Kusuntha { $move } kwa { $player } kunataya mbewu { $n }; { $best } kukanakhala bwino.
    }
review-reason-captures =
    { $n ->
        [one] { $best } kukanalanda mbewu { $n } nthawi yomweyo.
       *[other] { $best } kukanalanda mbewu { $n } nthawi yomweyo.
    }
review-previous = Cham'mbuyo
review-next = Chotsatira
review-play_here_computer = Sewerani kuchokera apa ndi kompyuta
review-play_here_people = Sewerani kuchokera apa, osewera awiri
review-close = Tsekani kuunikanso
review-three_open = Onani nthawi zitatu zimene zinagamula masewera
review-three_title = Nthawi zimene zinagamula masewera
review-three_step = Nthawi { $n } mwa { $total }
review-three_finding = Tikufufuza nthawi zimene zinagamula masewera…
review-three_none = Palibe amene analakwitsa: kusuntha kulikonse kunali kwabwino ngati kusuntha kopambana kwa kompyuta.
review-three_done = Ndamaliza
review-sentence-missed_win = Kusuntha { $move } kwa { $player } kunaphonya kupambana: { $best } kukanapambana masewera.
review-sentence-lost_game = Kusuntha { $move } kwa { $player } kunagonjetsa masewera; { $best } kukanachedwetsa kugonja.
review-play_here = Sewerani kuchokera apa
review-make_puzzle = Pangani chododometsa kuchokera apa
review-make_puzzle_hint = Malo a mbewu kusuntha uku kusanachitike alowa mu Zododometsa zanga, ngati pamenepo pali kusuntha kumodzi kumene kumapeza zambiri koposa ena onse momveka bwino.
review-puzzle_made = Chawonjezeredwa ku Zododometsa zanga.
review-puzzle_not_made = Palibe chododometsa pano: palibe kusuntha kumene kukusiyana ndi ena momveka bwino mokwanira.
review-puzzle_making = Tikupanga chododometsa…

## puzzles
menu-puzzles = Zododometsa
puzzle-title = Chododometsa
puzzle-of = { $game } · { $difficulty }
puzzle-task-seeds =
    { $n ->
        [one] Mwayi wa { $player }: pezani mbewu { $n }
       *[other] Mwayi wa { $player }: pezani mbewu { $n }
    }
puzzle-task-game = Mwayi wa { $player }: pambanani masewera
puzzle-right = Mwakhoza!
puzzle-wins-seeds =
    { $n ->
        [one] { $move } kumapeza mbewu { $n }.
       *[other] { $move } kumapeza mbewu { $n }.
    }
puzzle-wins-game = { $move } kumapambana masewera.
puzzle-wrong = Osati uku.
puzzle-tries_left =
    { $n ->
        [one] Yesaninso: mwatsala ndi nthawi { $n } yoyesa.
       *[other] Yesaninso: mwatsala ndi nthawi { $n } zoyesa.
    }
puzzle-the_answer = Yankho:
puzzle-showing = Onerani yankho…
puzzle-theme = Mutu: { $theme }
puzzle-hint = Langizo
puzzle-hint_tip = Limawalitsa dzenje loti musewere. Chododometsa chothetsedwa pogwiritsa ntchito langizo chimawerengedwa ngati chosathetsedwa.
puzzle-next = Chododometsa chotsatira
puzzle-exit = Bwererani ku menyu
puzzle-rating = Mlingo wanu wa zododometsa: { $rating }
puzzle-streak = Zothetsedwa motsatizana: { $n } (zochuluka koposa: { $best })
puzzle-every_game = Zododometsa za masewera onse
puzzle-mine = Zododometsa zanga
puzzle-mine_none = Mulibe zododometsa zanuzanu pakalipano: pakuunikanso masewera, sankhani kusuntha kolembedwa chizindikiro, kenako “Pangani chododometsa kuchokera apa”.
puzzle-loading = Tikutsegula zododometsa…
puzzle-unavailable = Sitinathe kutsegula zododometsa: { $why }
puzzle-done_gate = Chododometsa ichi chatha: sankhani Chododometsa chotsatira.
puzzle-difficulty-easy = Chosavuta
puzzle-difficulty-medium = Chapakatikati
puzzle-difficulty-hard = Chovuta
puzzle-theme-grand_slam = Kupambana kwathunthu
puzzle-theme-win = Kusuntha kopambana
puzzle-theme-reverse_capture = Kulanda mobwerera
puzzle-theme-file = Mzere wonse wodutsa
puzzle-theme-four = Zinayi
puzzle-theme-relay_capture = Kulanda pambuyo pa kupitiriza
puzzle-theme-strip = Mbewu za mphoto
puzzle-theme-capture = Kulanda
kiosk-find_it = Kodi mungakupeze?
kiosk-find_it_hint = Kusuntha kumodzi kumapeza zambiri koposa. Mungayese katatu.
