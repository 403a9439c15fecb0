### Mancala Hall: Enkola y'okukozesa: omutwe, menyu, olutimbe lw'omuzannyo, okwekenneenya, okuzannya ku yintaneeti, ekyuma ky'abalambuzi.
### Fluent (https://projectfluent.org); docs/i18n.md says how to change it.
### Luganda draft, machine-made: to be reviewed by a native speaker.

## app
app-title = Mancala Hall

## player
player-south = Obukiikaddyo
player-north = Obukiikakkono

## title
title-subtitle = Emizannyo etaano egya mancala egy'omu Afirika ey'Ebuvanjuba n'ey'Obukiikaddyo
title-version = Enkyusa { $version }

## menu
menu-choose_game = Londa omuzannyo
menu-describe-omweso = Omuzannyo ogw'obwakabaka ogwa Uganda: 4 x 8, ensigo eziwambiddwa ziddamu okusigibwa ku ludda lwo.
menu-describe-anywoli = Omuzannyo gw'Anuak ogwa 2 x 12 n'amaggwanika: akola ennya, azitwala.
menu-describe-nsolo = Omuzannyo gw'Abangoni ogwa 4 x n (okutuuka ku 36): okuwamba kukuwa ekirabo, oggyako n'ensigo endala.
menu-describe-hawalis = Oman ne Zanzibar, 4 x 7: komekkereza mu kinnya eky'omu maaso ekyereere owambe empagi yonna.
menu-describe-bao_kigogo = Omuzannyo gwa Wagogo ab'e Dodoma: amateeka ga Hawalis ku lubaawo lwa 4 x 12.
menu-rules = Engeri y'okuzannya
menu-story = Emboozi
menu-options = Ebyokulondako
menu-players = Abazannyi
menu-south_near = Obukiikaddyo (kumpi)
menu-north_far = Obukiikakkono (wala)
menu-person = omuntu
menu-computer = kompyuta
menu-level = Kompyuta:
menu-first = Asooka:
menu-by_lot = ku kalulu
menu-start = Tandika
menu-resume = Weeyongereyo
menu-settings = Ensengeka
menu-saved_games = Emizannyo egyaterekebwa
menu-autosave = Omuzannyo ogusembyeyo (guterekebwa oluvannyuma lwa buli mulundi)
menu-saved_line =
    { $moves ->
        [one] { $label } — { $game }, omutendera { $moves }{ $finished }
       *[other] { $label } — { $game }, emitendera { $moves }{ $finished }
    }
menu-finished = , guwedde
menu-watch = Laba okuva ku ntandikwa
menu-cannot_open = { $label }: tegusobola kuggulwawo: { $why }

## level
level-beginner = Atandika
level-player = Omuzannyi
level-expert = Omukugu
level-master = Kafulu

## options
options-set_up = Entegeka:
options-standard = eya bulijjo (4 mu buli kinnya eky'emabega)
options-free = entegeka ey'eddembe
options-opening_three = Essatu ez'entandikwa: nga tewannaba muntu kuwamba, ensigo 3 zisobola okusigibwa nga 2 ne 1
options-grand_slam = Akawumbi: okumalawo ensigo zonna ku ludda lw'omuvuganya kuwangula empaka
options-front_row_two_points = Obubonero 2 olw'okuwamba okuleka olunyiriri lwe olw'omu maaso nga lwereere
options-two_captures_first = Obubonero 2 olw'okuwamba mu mirundi ebiri ye nga tannawamba
options-match = obubonero obuwangula empaka
options-mode = Engeri:
options-counting = okubala
options-no_take_back = tewali kuddayo
options-blitz = mangu (sikonda 3 buli kusalawo)
options-last_four = Ensigo 4 ezisembayo zigenda eri:
options-last_capturer = eyasembayo okuwamba
options-first_last_seed_capturer = eyasooka okuwamba n'ensigo esembayo
options-lottery = akalulu
options-stop_when_decided = Komya ng'omuwanguzi amanyiddwa (eggwanika lisukka 48) — etteeka lya pulojekiti eno
options-width = ebinnya mu lunyiriri
options-bonus_up_to_k = Ensigo ez'ekirabo zituuka ku k (osobola okukoma nga bukyali)
options-never_ending = Omutendera ogutakoma:
options-draw = amaliri
options-mover_loses = azannya y'awangulwa

## settings
settings-language = Olulimi:
settings-text_size = obunene bw'ennukuta
settings-high_contrast = Langi ezeeyawula ennyo
settings-reduced_motion = Entambula ntono (ensigo ziseerera, tezibuuka)
settings-explain = Nnyonnyola buli mutendera mu bigambo wansi

## status
status-to_move = Omulundi gwa { $player }
status-direction = { $player } alonda oludda lw'olugendo oluddako
status-strip =
    { $remaining ->
        [one] { $player } aggya ku muvuganya ensigo { $remaining } esigaddeyo
       *[other] { $player } aggya ku muvuganya ensigo { $remaining } ezisigaddeyo
    }
status-arrange = { $player } ateekateeka ensigo

## outcome
outcome-win_because = { $player } awangudde: { $why }
outcome-draw_because = Amaliri: { $why }
outcome-annulled_because = Omuzannyo gusaziddwamu: { $why }

## reason
reason-grand_slam = ebinnya byonna eby'omuvuganya byereere (akawumbi)
reason-both_end_columns = awambye okuva mu mpagi zombi ez'oku nkomerero mu mulundi gumu
reason-front_row_empty = okuwamba kulese olunyiriri lw'omuvuganya olw'omu maaso nga lwereere
reason-two_captures_first = awambye mu mirundi ebiri ng'omuvuganya tannawamba
reason-no_legal_move = omuzannyi alina okuzannya talina mutendera gukkirizibwa
reason-no_seeds_left = omuzannyi omu tasigazza nsigo n'emu
reason-board_empty = tewasigadde nsigo n'emu ku lubaawo
reason-last_four = ensigo nnya ze zaasigalawo; zagabiddwa okusinziira ku tteeka ly'ensigo ennya ezisembayo
reason-decided = eggwanika limu lirimu ensigo ezisukka ku kitundu
reason-nobody_can_move = tewali muzannyi asobola kuzannya
reason-repetition = embeera y'olubaawo yeddiŋŋanye
reason-never_ending_move = omutendera tegwandikomye
reason-resigned = omuzannyi yeggyeemu
reason-time_out = omuzannyi obudde bumuweddeko

## choice
choice-sow = Siga { $move } mu ludda olukontana n'essaawa
choice-reverse = Okuwamba okw'emabega okuva ku { $move }, mu ludda lw'essaawa
choice-opening_three = Essatu ez'entandikwa okuva ku { $move }

## hud
hud-moving = { $player } azannya...
hud-store = { $player }: eggwanika { $n }
hud-on_side =
    { $n ->
        [one] { $player }: ensigo { $n } eri ku ludda luno
       *[other] { $player }: ensigo { $n } ziri ku ludda luno
    }
hud-captured = { $player }: awambye { $n }
hud-match_to = Empaka za { $target }: Obukiikaddyo { $south } – Obukiikakkono { $north }
hud-match_game = Omuzannyo { $n }: { $result } ({ $why })
hud-draw = amaliri
hud-annulled = gusaziddwamu
hud-last_move = Omutendera ogusembyeyo: { $player } { $move }
hud-speed = Obwangu:
hud-sound = eddoboozi
hud-north_seat = Kamera ku ludda lw'Obukiikakkono
hud-counts = Omuwendo:
hud-always = buli kiseera
hud-on_hover = ng'oteekako akasaale
hud-off = nedda
hud-skip = Buuka (space)
hud-rules = Amateeka
hud-save = Tereka
hud-menu = Menyu (esc)
hud-menu_word = Menyu
hud-skip_word = Buuka

## speed
speed-slow = mpola
speed-normal = ya bulijjo
speed-fast = mangu
speed-instant = mbagirawo

## prompt
prompt-which_move = Mutendera ki?
prompt-cancel = Sazaamu
prompt-direction = { $player }: oludda lw'olugendo oluddako
prompt-ccw = olukontana n'essaawa
prompt-cw = olw'essaawa (kuwamba)
prompt-arrange = { $player }: teekateeka ensigo zo 32
prompt-arrange_how = Kwata ku kimu ku binnya byo okusitula ensigo zaakyo, olwo okwate ku binnya okuteeka ensigo emu mu buli kimu (tezisukka 10 mu kinnya).
prompt-done = Kiwedde
prompt-start_again = Ddamu otandike
prompt-standard = Eya bulijjo (4 mu buli kinnya eky'emabega)
prompt-random_arrangement = Entegeka ya kigwa bigwi
prompt-standard_short = Eya bulijjo
prompt-random_short = Kigwa bigwi
prompt-strip = { $player }: ggyako ensigo endala { $remaining }
prompt-strip_how = Kwata ku binnya by'omuvuganya okuggyamu ensigo emu mu buli kimu.
prompt-stop_stripping = Komya okuggyako

## over
over-title = Omuzannyo guwedde
over-wins = { $player } awangudde
over-draw = Amaliri
over-annulled = Omuzannyo gusaziddwamu
over-points = Obubonero: { $n }
over-match = Empaka: Obukiikaddyo { $south } – Obukiikakkono { $north }
over-match_winner = { $player } awangudde empaka
over-next_game = Omuzannyo oguddako
over-play_again = Ddamu ozannye
over-back_to_menu = Ddayo ku menyu

## moves
moves-title = Emitendera
moves-none = Tewannabaawo mutendera guzannyiddwa.
moves-watching = Olaba omuzannyo ogwaterekebwa: omutendera { $n } ku { $total }
moves-step_back = « dda emabega
moves-pause = yimiriza
moves-play = zannya
moves-step = ddako »
moves-stop_watching = komya okulaba
moves-undo = Dda emabega (ctrl+z)
moves-redo = Ddamu (ctrl+y)
moves-hide_list = Kweka olukalala
moves-list = Olukalala lw'emitendera
moves-thinking = Kunoonya amagezi...
moves-hint = Amagezi
moves-whole_board = Olubaawo lwonna
moves-close_up = Kumpi
moves-hint_is = Amagezi: { $move }
moves-showing = Kiraga embeera oluvannyuma lw'omutendera { $n }
moves-back_to_game = Ddayo mu muzannyo

## notice
notice-cannot_play = Ekinnya ekyo tekisobola kuzannyibwa kaakano.
notice-arrange_own_rows = Teekateeka ensigo mu nnyiriri zo ebbiri.
notice-pit_empty = Ekinnya ekyo kyereere: situla ensigo mu kinnya ekirala.
notice-at_most_10 = Ensigo tezisukka 10 mu kinnya kimu.
notice-no_take_backs = Mu muzannyo guno tewali kuddayo.
notice-nothing_to_undo = Tewali kya kuzzaayo.
notice-viewing_past = Olaba embeera eyayita: ddayo mu muzannyo okuzannya.
notice-too_many_moves = Emitendera mingi nnyo omulundi gumu: { $move } tegwazannyiddwa.
notice-long_move =
    { $n ->
        [one] Omutendera omuwanvu ennyo: engendo akakadde { $n } zikeberiddwa okutuusa kati…
       *[other] Omutendera omuwanvu ennyo: engendo obukadde { $n } zikeberiddwa okutuusa kati…
    }
notice-cannot_save = Emizannyo tegisobola kuterekebwa wano.
notice-saved_as = Guterekeddwa nga “{ $name }”
notice-could_not_save = Tekisobose kuterekebwa mu { $path }: { $why }

## banner
banner-extra_turn = { $player } addamu okuzannya
banner-pass = { $player } tasobola kuzannya, omulundi gwe guyise
banner-lot = Akalulu kagudde ku { $player }
banner-repetition =
    { $n ->
        [one] Embeera eno ebaddewo omulundi { $n }
       *[other] Embeera eno ebaddewo emirundi { $n }
    }
banner-condensed =
    { $n ->
        [one] ... n'ebirala bwe bityo okumala olugendo olulala { $n }
       *[other] ... n'ebirala bwe bityo okumala engendo endala { $n }
    }
banner-never_ending =
    { $n ->
        [one] Omutendera guno tegwandikomye (kikakasiddwa oluvannyuma lw'olugendo { $n }): teguzannyibwa
       *[other] Omutendera guno tegwandikomye (kikakasiddwa oluvannyuma lw'engendo { $n }): teguzannyibwa
    }
banner-end_turn = Omulundi gwa { $player } guwedde

## explain
explain-lift =
    { $n ->
        [one] Okusiga: { $player } asitula ensigo { $n } n'agiteeka mu kinnya ekiddako.
       *[other] Okusiga: { $player } asitula ensigo { $n } n'aziteeka emu emu mu binnya ebiddako.
    }
explain-relay = Okweyongerayo: ensigo esembayo yagudde mu kinnya ekitali kyereere, kale ensigo zaakyo { $n } zisitulwa ne zeeyongera okusigibwa.
explain-capture_resow = Okuwamba: ensigo { $n } ziggyibwa mu kinnya ky'omuvuganya ekitunudde mu maaso ne zidda mu muzannyo ku ludda lw'awambye.
explain-four = Nnya! Ensigo { $n } zigenda mu ggwanika lya { $player }.
explain-capture =
    { $n ->
        [one] Okuwamba: { $player } aggya ku lubaawo ensigo { $n }.
       *[other] Okuwamba: { $player } aggya ku lubaawo ensigo { $n }.
    }
explain-strip = Ekirabo: { $player } aggya ku muvuganya ensigo endala emu.
explain-arrange = { $player } amaze okuteekateeka ensigo.
explain-end_turn = Ensigo esembayo egudde mu kinnya ekyereere: omulundi gwa { $player } guwedde.
explain-new_game = Omuzannyo omupya mu mpaka gutandika; { $player } y'asooka.

## pages
pages-aim = Ekigendererwa
pages-board = Olubaawo
pages-sowing = Omulundi
pages-capture = Okuwamba
pages-special = Amateeka ag'enjawulo
pages-end = Enkomerero y'omuzannyo
pages-terms = Ebigambo ebikozesebwa
pages-people = Abantu n'ekifo
pages-history = Ebyafaayo
pages-names = Amannya

## kiosk
kiosk-welcome = Emizannyo etaano egy'oku lubaawo okuva mu Afirika ey'Ebuvanjuba n'ey'Obukiikaddyo ne mu Oman. Londa gumu: oguzannye, oguyige oba osome ebigukwatako.
kiosk-play_computer = Zannya ne kompyuta
kiosk-play_two = Abazannyi babiri
kiosk-touch_to_play = Kwata ku lutimbe ozannye!
kiosk-still_there = Okyazannya?
kiosk-countdown = Omuzannyo guno guggwa mu sikonda { $n }
kiosk-touch_to_continue = Kwata ku lutimbe weeyongere okuzannya.

## online
online-title = Zannya ku yintaneeti
online-server = Seva
online-create = Tandikawo ekisenge kya { $game }
online-code = Ennamba y'ekisenge
online-join = Yingira
online-watch = Laba
online-connecting = kiyungibwa…
online-connected = kiyungiddwa
online-reconnecting = omukutu gusaliddwako, kiddamu okugezaako…
online-offline = Tewali yintaneeti: okuzannya ku yintaneeti kugyetaaga. Kujja kuddawo kokka yintaneeti bw'eneekomawo.
online-offline_short = tewali yintaneeti
online-closed = kiggaddwa
online-seat_open = ekifo ekyereere
online-seat_here = wano
online-seat_away = taliiwo
online-room_line = Ekisenge { $code } · { $link }
online-watching = alaba
online-leave = Fuluma
online-share_title = Ekisenge kyo
online-share_hint = Wa omuvuganya wo ennamba eno: Zannya ku yintaneeti, Yingira n'ennamba.
online-not_sent = Toli ku mukutu: omutendera tegutumiddwa.
online-watch_only = Olaba bulabi omuzannyo guno.
online-expired = Ekisenge kyaggaddwa oluvannyuma lw'okuyimirira ebbanga eddene.
online-unknown = Seva esindise obubaka omuzannyo guno bwe gutamanyi: zza buggya omuzannyo.
online-back = Ddayo
online-your_name = Erinnya lyo
online-name_hint = abazannyi abalala lye balaba
online-quick = Zannya n'omuntu kaakano: { $game }
online-looking = Tunoonya omuvuganya… abalinda: { $waiting }, emizannyo egizannyibwa: { $playing }
online-cancel = Sazaamu
online-open_rooms = Balinda omuvuganya
online-no_open = Tewali kisenge kiggule kaakano.
online-in_play = Emizannyo egizannyibwa
online-none_playing = Tewali muzannyo guzannyibwa.
online-waited = alindiridde { $time }
online-seconds = sikonda { $n }
online-minutes = ddakiika { $n }
online-move_no = omutendera { $n }
online-watchers =
    { $n ->
        [one] { $n } alaba
       *[other] { $n } balaba
    }
online-public = Kiteeke ku lukalala olulabibwa bonna
online-by_code = Yingira n'ennamba
online-guest = Omugenyi
online-rated_line = { $player }: { $before } okudda ku { $after }
online-rematch = Ddamu muzannye
online-accept_rematch = Kkiriza okuddamu okuzannya
online-rematch_asked = Okuddamu kusabiddwa
online-said = { $player }: { $phrase }
online-phrase-good_game = Omuzannyo mulungi
online-phrase-well_played = Ozannye bulungi
online-phrase-thank_you = Weebale
online-phrase-your_move = Ggwe ozannya
online-lobby_loading = Tutuuka ku seva…
online-vs = { $south } – { $north }
online-leaderboard = Abazannyi abasinga: { $game }
online-no_ranked = Tewannabaawo muntu azannye emizannyo etaano egibalibwa.
online-games =
    { $n ->
        [one] omuzannyo { $n }
       *[other] emizannyo { $n }
    }
online-say = Gamba…

## review
review-open = Okwekenneenya
review-open_hint = Laba omuzannyo we gwawangulirwa ne we gwafiirirwa
review-title = Okwekenneenya omuzannyo
review-progress = Kwekenneenya omutendera { $n } ku { $total }…
review-failed = Okwekenneenya kukomye: { $why }
review-axis_seeds = Ensigo ez'enkizo
review-south_ahead = Obukiikaddyo akulembedde
review-north_ahead = Obukiikakkono akulembedde
review-pick = Londa akatonnyeze ku kifaananyi oba omutendera, oba kozesa obusaale ku kiibodi.
review-mark-good = Mulungi
review-mark-inaccuracy = Obutali butuufu
review-mark-mistake = Ensobi
review-mark-blunder = Ensobi ey'amaanyi
review-before_move = Ng'omutendera { $n } tegunnazannyibwa
review-played_tag = yazannye { $move }: { $value }
review-best_tag = ogusinga { $move }: { $value }
review-sentence-best = Omutendera { $move } ogwa { $player } gwe gwali gusinga obulungi.
review-sentence-fine = Omutendera { $move } ogwa { $player } gwali mulungi kumpi nga { $best }.
review-sentence-lost =
    { $n ->
        [one] Omutendera { $move } ogwa { $player } gwafiiriza ensigo { $n }; { $best } gwandibadde gusinga.
       *[other] Omutendera { $move } ogwa { $player } gwafiiriza ensigo { $n }; { $best } gwandibadde gusinga.
    }
review-reason-captures =
    { $n ->
        [one] { $best } gwandiwambye ensigo { $n } amangu ago.
       *[other] { $best } gwandiwambye ensigo { $n } amangu ago.
    }
review-previous = Ekyayita
review-next = Ekiddako
review-play_here_computer = Zannya okuva wano ne kompyuta
review-play_here_people = Zannya okuva wano, abazannyi babiri
review-close = Ggalawo okwekenneenya
review-three_open = Laba ebiseera ebisatu ebyasalawo omuzannyo
review-three_title = Ebiseera ebyasalawo omuzannyo
review-three_step = Ekiseera { $n } ku { $total }
review-three_finding = Tunoonya ebiseera ebyasalawo omuzannyo…
review-three_none = Tewali yawaayo kintu: buli mutendera gwali mulungi ng'ogwa kompyuta ogusinga.
review-three_done = Kiwedde
review-sentence-missed_win = Omutendera { $move } ogwa { $player } gwasubya obuwanguzi: { $best } gwandiwangudde omuzannyo.
review-sentence-lost_game = Omutendera { $move } ogwa { $player } gwafiiriza omuzannyo; { $best } gwandigumidde ebbanga eddene.
review-play_here = Zannya okuva wano
review-make_puzzle = Kolamu ekigezo
review-make_puzzle_hint = Embeera y'olubaawo ng'omutendera guno tegunnazannyibwa eyingira mu Bigezo byange, singa eyo waliwo omutendera gumu ogusinga ddala gyonna okufuna.
review-puzzle_made = Kyongeddwa mu Bigezo byange.
review-puzzle_not_made = Wano tewali kigezo: tewali mutendera ogweyawula ku mirala mu ngeri eyeeyoleka ekimala.
review-puzzle_making = Tukola ekigezo…

## puzzles
menu-puzzles = Ebigezo
puzzle-title = Ekigezo
puzzle-of = { $game } · { $difficulty }
puzzle-task-seeds =
    { $n ->
        [one] Omulundi gwa { $player }: funa ensigo { $n }
       *[other] Omulundi gwa { $player }: funa ensigo { $n }
    }
puzzle-task-game = Omulundi gwa { $player }: wangula omuzannyo
puzzle-right = Kituufu!
puzzle-wins-seeds =
    { $n ->
        [one] { $move } gufuna ensigo { $n }.
       *[other] { $move } gufuna ensigo { $n }.
    }
puzzle-wins-game = { $move } guwangula omuzannyo.
puzzle-wrong = Si guno.
puzzle-tries_left =
    { $n ->
        [one] Ddamu ogezeeko: osigazza omulundi { $n }.
       *[other] Ddamu ogezeeko: osigazza emirundi { $n }.
    }
puzzle-the_answer = Eky'okuddamu:
puzzle-showing = Laba eky'okuddamu…
puzzle-theme = Omulamwa: { $theme }
puzzle-hint = Amagezi
puzzle-hint_tip = Ekinnya eky'okuzannya kyaka. Ekigezo ekigonjoddwa n'amagezi kibalibwa ng'ekitaagonjoddwa.
puzzle-next = Ekigezo ekiddako
puzzle-exit = Ddayo ku menyu
puzzle-rating = Omutindo gwo mu bigezo: { $rating }
puzzle-streak = Ebigonjoddwa nga biddiringana: { $n } (ekisinga obungi: { $best })
puzzle-every_game = Ebigezo by'emizannyo gyonna
puzzle-mine = Ebigezo byange
puzzle-mine_none = Tonnaba kubeera na bigezo byo ku bubwo: mu kwekenneenya omuzannyo, londa omutendera oguliko akabonero, olwo “Kolamu ekigezo”.
puzzle-loading = Tuleeta ebigezo…
puzzle-unavailable = Ebigezo tebisobodde kuleetebwa: { $why }
puzzle-done_gate = Ekigezo kino kiwedde: londa Ekigezo ekiddako.
puzzle-difficulty-easy = Kyangu
puzzle-difficulty-medium = Kya wakati
puzzle-difficulty-hard = Kizibu
puzzle-theme-grand_slam = Akawumbi
puzzle-theme-win = Omutendera oguwangula
puzzle-theme-reverse_capture = Okuwamba okw'emabega
puzzle-theme-file = Empagi yonna
puzzle-theme-four = Nnya
puzzle-theme-relay_capture = Okuwamba oluvannyuma lw'okweyongerayo
puzzle-theme-strip = Ensigo ez'ekirabo
puzzle-theme-capture = Okuwamba
kiosk-find_it = Osobola okuguzuula?
kiosk-find_it_hint = Omutendera gumu gwe gusinga okufuna. Olina emirundi esatu.
