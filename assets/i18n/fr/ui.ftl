### Mancala Hall: L’interface : titre, menus, écran de jeu, analyse, jeu en ligne, borne.
### Fluent (https://projectfluent.org); docs/i18n.md says how to change it.
### French (Français) draft, machine-made: to be reviewed by a native speaker.

## app
app-title = Mancala Hall

## player
player-south = Sud
player-north = Nord

## title
title-subtitle = Cinq jeux de mancala d’Afrique de l’Est et d’Afrique australe
title-version = Version { $version }

## menu
menu-choose_game = Choisissez un jeu
menu-describe-omweso = Le jeu royal de l’Ouganda : 4 x 8, les graines prises sont ressemées de votre côté.
menu-describe-anywoli = Jeu des Anuak, 2 x 12 avec greniers : qui fait un quatre le prend.
menu-describe-nsolo = Jeu des Ngoni, 4 x n (jusqu’à 36) : une prise rapporte un prélèvement bonus.
menu-describe-hawalis = Oman et Zanzibar, 4 x 7 : finissez dans un trou avant vide pour prendre toute une colonne.
menu-describe-bao_kigogo = Jeu des Wagogo de Dodoma : les règles du Hawalis sur un plateau de 4 x 12.
menu-rules = Comment jouer
menu-story = L’histoire
menu-options = Options
menu-players = Joueurs
menu-south_near = Sud (près)
menu-north_far = Nord (loin)
menu-person = humain
menu-computer = ordinateur
menu-level = Ordinateur :
menu-first = Premier :
menu-by_lot = au sort
menu-start = Jouer
menu-resume = Reprendre
menu-settings = Réglages
menu-saved_games = Parties enregistrées
menu-autosave = La dernière partie (enregistrée après chaque tour)
menu-saved_line =
    { $moves ->
        [one] { $label } — { $game }, { $moves } coup{ $finished }
       *[other] { $label } — { $game }, { $moves } coups{ $finished }
    }
menu-finished = , terminée
menu-watch = Revoir depuis le début
menu-cannot_open = { $label } : impossible d’ouvrir : { $why }

## level
level-beginner = Débutant
level-player = Joueur
level-expert = Expert
level-master = Maître

## options
options-set_up = Disposition :
options-standard = standard (4 dans chaque trou arrière)
options-free = disposition libre
options-opening_three = Ouverture à trois : tant que personne n’a pris, un 3 peut être semé en 2 et 1
options-grand_slam = Grand chelem : vider le camp adverse gagne le match
options-front_row_two_points = 2 points pour une prise qui vide sa rangée avant
options-two_captures_first = 2 points pour des prises en deux tours avant sa première
options-match = points pour gagner le match
options-mode = Mode :
options-counting = comptage
options-no_take_back = sans reprise
options-blitz = blitz (3 s par décision)
options-last_four = Les quatre dernières vont :
options-last_capturer = au dernier preneur
options-first_last_seed_capturer = au premier qui a pris avec sa dernière graine
options-lottery = au sort
options-stop_when_decided = Arrêter quand l’issue est acquise (un grenier dépasse 48) — règle du projet
options-width = trous par rangée
options-bonus_up_to_k = Prélèvement bonus jusqu’à k (arrêt anticipé possible)
options-never_ending = Un coup qui ne finit jamais :
options-draw = nulle
options-mover_loses = celui qui joue perd

## settings
settings-language = Langue :
settings-text_size = taille du texte
settings-high_contrast = Contraste élevé
settings-reduced_motion = Animations réduites (les graines glissent, sans sauts)
settings-explain = Expliquer chaque coup dans une légende

## status
status-to_move = À { $player } de jouer
status-direction = { $player } choisit le sens de la prochaine tournée
status-strip =
    { $remaining ->
        [one] { $player } prélève encore { $remaining } graine chez l’adversaire
       *[other] { $player } prélève encore { $remaining } graines chez l’adversaire
    }
status-arrange = { $player } dispose les graines

## outcome
outcome-win_because = { $player } gagne : { $why }
outcome-draw_because = Nulle : { $why }
outcome-annulled_because = La partie est annulée : { $why }

## reason
reason-grand_slam = tous les trous de l’adversaire sont vides (grand chelem)
reason-both_end_columns = prises dans les deux colonnes des extrémités en un seul tour
reason-front_row_empty = une prise a vidé la rangée avant de l’adversaire
reason-two_captures_first = prises en deux tours avant la première prise de l’adversaire
reason-no_legal_move = le joueur qui doit jouer n’a aucun coup permis
reason-no_seeds_left = un joueur n’a plus de graines
reason-board_empty = il ne reste aucune graine sur le plateau
reason-last_four = il restait quatre graines ; elles ont été attribuées selon la règle des quatre dernières
reason-decided = un grenier contient plus de la moitié des graines
reason-nobody_can_move = aucun des deux joueurs ne peut jouer
reason-repetition = la position s’est répétée
reason-never_ending_move = un coup ne finirait jamais
reason-resigned = un joueur a abandonné
reason-time_out = un joueur a dépassé son temps

## choice
choice-sow = Semer { $move } dans le sens antihoraire
choice-reverse = Prise inversée depuis { $move }, sens horaire
choice-opening_three = Ouverture à trois depuis { $move }

## hud
hud-moving = { $player } joue…
hud-store = { $player } : grenier { $n }
hud-on_side =
    { $n ->
        [one] { $player } : { $n } graine de ce côté
       *[other] { $player } : { $n } graines de ce côté
    }
hud-captured =
    { $n ->
        [one] { $player } : { $n } graine prise
       *[other] { $player } : { $n } graines prises
    }
hud-match_to =
    { $target ->
        [one] Match en { $target } point : Sud { $south } – Nord { $north }
       *[other] Match en { $target } points : Sud { $south } – Nord { $north }
    }
hud-match_game = Partie { $n } : { $result } ({ $why })
hud-draw = nulle
hud-annulled = annulée
hud-last_move = Dernier coup : { $player } { $move }
hud-speed = Vitesse :
hud-sound = son
hud-north_seat = Caméra côté Nord
hud-counts = Nombres :
hud-always = toujours
hud-on_hover = au survol
hud-off = jamais
hud-skip = Passer (espace)
hud-rules = Règles
hud-save = Enregistrer
hud-menu = Menu (échap)
hud-menu_word = Menu
hud-skip_word = Passer

## speed
speed-slow = lente
speed-normal = normale
speed-fast = rapide
speed-instant = immédiate

## prompt
prompt-which_move = Quel coup ?
prompt-cancel = Annuler
prompt-direction = { $player } : sens de la prochaine tournée
prompt-ccw = sens antihoraire
prompt-cw = sens horaire (prise)
prompt-arrange = { $player } : disposez vos 32 graines
prompt-arrange_how = Touchez un de vos trous pour en prendre les graines, puis touchez des trous pour déposer une graine dans chacun (10 au plus par trou).
prompt-done = Terminé
prompt-start_again = Recommencer
prompt-standard = Standard (4 dans chaque trou arrière)
prompt-random_arrangement = Disposition au hasard
prompt-standard_short = Standard
prompt-random_short = Au hasard
prompt-strip =
    { $remaining ->
        [one] { $player } : prélevez encore { $remaining } graine
       *[other] { $player } : prélevez encore { $remaining } graines
    }
prompt-strip_how = Touchez les trous de l’adversaire pour y prendre une graine chacun.
prompt-stop_stripping = Arrêter de prélever

## over
over-title = Partie terminée
over-wins = { $player } gagne
over-draw = Partie nulle
over-annulled = La partie est annulée
over-points = Points : { $n }
over-match = Match : Sud { $south } – Nord { $north }
over-match_winner = { $player } gagne le match
over-next_game = Partie suivante
over-play_again = Rejouer
over-back_to_menu = Retour au menu

## moves
moves-title = Coups
moves-none = Aucun coup joué pour l’instant.
moves-watching = Lecture d’une partie enregistrée : coup { $n } sur { $total }
moves-step_back = « reculer
moves-pause = pause
moves-play = lecture
moves-step = avancer »
moves-stop_watching = arrêter la lecture
moves-undo = Annuler (ctrl+z)
moves-redo = Rétablir (ctrl+y)
moves-hide_list = Masquer la liste
moves-list = Liste des coups
moves-thinking = Recherche d’un indice…
moves-hint = Indice
moves-whole_board = Plateau entier
moves-close_up = Gros plan
moves-hint_is = Indice : { $move }
moves-showing = Position après le coup { $n }
moves-back_to_game = Retour à la partie

## notice
notice-cannot_play = Ce trou ne peut pas être joué maintenant.
notice-arrange_own_rows = Disposez les graines sur vos deux rangées.
notice-pit_empty = Ce trou est vide : prenez les graines d’un autre.
notice-at_most_10 = 10 graines au plus dans un trou.
notice-no_take_backs = Pas de reprise de coup dans cette partie.
notice-nothing_to_undo = Rien à annuler.
notice-viewing_past = Vous regardez une position passée : revenez à la partie pour jouer.
notice-too_many_moves = Trop de coups à la fois : { $move } n’a pas été joué.
notice-long_move =
    { $n ->
        [one] Un coup très long : { $n } million de tournées vérifiées jusqu’ici…
       *[other] Un coup très long : { $n } millions de tournées vérifiées jusqu’ici…
    }
notice-cannot_save = Impossible d’enregistrer des parties ici.
notice-saved_as = Enregistrée sous « { $name } »
notice-could_not_save = Impossible d’enregistrer dans { $path } : { $why }

## banner
banner-extra_turn = { $player } rejoue
banner-pass = { $player } ne peut pas jouer et passe
banner-lot = Le sort désigne { $player }
banner-repetition = La position s’est produite { $n } fois
banner-condensed =
    { $n ->
        [one] … et ainsi de suite pendant encore { $n } tournée
       *[other] … et ainsi de suite pendant encore { $n } tournées
    }
banner-never_ending =
    { $n ->
        [one] Ce coup ne finirait jamais (prouvé après { $n } tournée) : il n’est pas joué
       *[other] Ce coup ne finirait jamais (prouvé après { $n } tournées) : il n’est pas joué
    }
banner-end_turn = Le tour de { $player } est fini

## explain
explain-lift =
    { $n ->
        [one] Semis : { $player } prend { $n } graine et la dépose dans le trou suivant.
       *[other] Semis : { $player } prend { $n } graines et les dépose une à une dans les trous suivants.
    }
explain-relay =
    { $n ->
        [one] Relais : la dernière graine est tombée dans un trou qui n’était pas vide ; on en prend donc { $n } graine, que l’on sème plus loin.
       *[other] Relais : la dernière graine est tombée dans un trou qui n’était pas vide ; on en prend donc les { $n } graines, que l’on sème plus loin.
    }
explain-capture_resow =
    { $n ->
        [one] Prise : { $n } graine est prise dans le trou adverse d’en face et revient en jeu du côté de celui qui prend.
       *[other] Prise : { $n } graines sont prises dans le trou adverse d’en face et reviennent en jeu du côté de celui qui prend.
    }
explain-four =
    { $n ->
        [one] Un quatre ! { $n } graine va au grenier de { $player }.
       *[other] Un quatre ! Les { $n } graines vont au grenier de { $player }.
    }
explain-capture =
    { $n ->
        [one] Prise : { $player } retire { $n } graine du plateau.
       *[other] Prise : { $player } retire { $n } graines du plateau.
    }
explain-strip = Bonus : { $player } prélève encore une graine chez l’adversaire.
explain-arrange = { $player } a disposé les graines.
explain-end_turn = La dernière graine est tombée dans un trou vide : le tour de { $player } est fini.
explain-new_game = Une nouvelle partie du match commence ; { $player } joue en premier.

## pages
pages-aim = Le but
pages-board = Le plateau
pages-sowing = Un tour
pages-capture = Les prises
pages-special = Règles spéciales
pages-end = La fin de la partie
pages-terms = Vocabulaire
pages-people = Le peuple et le lieu
pages-history = Histoire
pages-names = Les noms

## kiosk
kiosk-welcome = Cinq jeux de plateau d’Afrique de l’Est, d’Afrique australe et d’Oman. Choisissez-en un pour y jouer, l’apprendre ou le découvrir.
kiosk-play_computer = Jouer contre l’ordinateur
kiosk-play_two = Deux joueurs
kiosk-touch_to_play = Touchez l’écran pour jouer !
kiosk-still_there = Vous jouez encore ?
kiosk-countdown = Cette partie se termine dans { $n } s
kiosk-touch_to_continue = Touchez l’écran pour continuer à jouer.

## online
online-title = Jouer en ligne
online-server = Serveur
online-create = Créer une salle pour { $game }
online-code = Code de la salle
online-join = Rejoindre
online-watch = Regarder
online-connecting = connexion…
online-connected = connecté
online-reconnecting = connexion perdue, nouvel essai…
online-offline = Pas de réseau : le jeu en ligne en a besoin. Il reprend de lui-même quand le réseau revient.
online-offline_short = pas de réseau
online-closed = fermé
online-seat_open = place libre
online-seat_here = présent
online-seat_away = absent
online-room_line = Salle { $code } · { $link }
online-watching = spectateur
online-leave = Quitter
online-share_title = Votre salle
online-share_hint = Donnez ce code à votre adversaire : Jouer en ligne, Rejoindre avec un code.
online-not_sent = Non connecté : le coup n’a pas été envoyé.
online-watch_only = Vous regardez cette partie.
online-expired = La salle a été fermée après une longue pause.
online-unknown = Le serveur a envoyé un message que ce jeu ne connaît pas : mettez le jeu à jour.
online-back = Retour
online-your_name = Votre nom
online-name_hint = visible par les autres joueurs
online-quick = Jouer contre quelqu’un maintenant : { $game }
online-looking =
    { $playing ->
        [one] Recherche d’un adversaire… { $waiting } en attente, { $playing } partie en cours
       *[other] Recherche d’un adversaire… { $waiting } en attente, { $playing } parties en cours
    }
online-cancel = Annuler
online-open_rooms = En attente d’un adversaire
online-no_open = Aucune salle ouverte pour l’instant.
online-in_play = Parties en cours
online-none_playing = Aucune partie en cours.
online-waited = attend depuis { $time }
online-seconds = { $n } s
online-minutes = { $n } min
online-move_no = coup { $n }
online-watchers =
    { $n ->
        [one] { $n } spectateur
       *[other] { $n } spectateurs
    }
online-public = Afficher dans le salon
online-by_code = Rejoindre avec un code
online-guest = Invité
online-rated_line = { $player } : de { $before } à { $after }
online-rematch = Revanche
online-accept_rematch = Accepter la revanche
online-rematch_asked = Revanche demandée
online-said = { $player } : { $phrase }
online-phrase-good_game = Bonne partie
online-phrase-well_played = Bien joué
online-phrase-thank_you = Merci
online-phrase-your_move = À vous de jouer
online-lobby_loading = Connexion au serveur…
online-vs = { $south } – { $north }
online-leaderboard = Meilleurs joueurs : { $game }
online-no_ranked = Personne n’a encore joué cinq parties classées.
online-games =
    { $n ->
        [one] { $n } partie
       *[other] { $n } parties
    }
online-say = Dire…

## review
review-open = Analyse
review-open_hint = Voir où la partie a été gagnée et perdue
review-title = Analyse de la partie
review-progress = Analyse du coup { $n } sur { $total }…
review-failed = L’analyse s’est arrêtée : { $why }
review-axis_seeds = Graines d’avance
review-south_ahead = Sud mène
review-north_ahead = Nord mène
review-pick = Choisissez un point du graphique ou un coup, ou utilisez les flèches du clavier.
review-mark-good = Bon
review-mark-inaccuracy = Imprécision
review-mark-mistake = Erreur
review-mark-blunder = Gaffe
review-before_move = Avant le coup { $n }
review-played_tag = joué { $move } : { $value }
review-best_tag = meilleur { $move } : { $value }
review-sentence-best = Le coup { $move } de { $player } était le meilleur.
review-sentence-fine = Le coup { $move } de { $player } valait à peu près { $best }.
review-sentence-lost =
    { $n ->
        [one] Le coup { $move } de { $player } a cédé { $n } graine ; { $best } était meilleur.
       *[other] Le coup { $move } de { $player } a cédé { $n } graines ; { $best } était meilleur.
    }
review-reason-captures =
    { $n ->
        [one] { $best } aurait pris { $n } graine d’un coup.
       *[other] { $best } aurait pris { $n } graines d’un coup.
    }
review-previous = Précédent
review-next = Suivant
review-play_here_computer = Reprendre d’ici contre l’ordinateur
review-play_here_people = Reprendre d’ici à deux joueurs
review-close = Fermer l’analyse
review-three_open = Voir les trois moments décisifs
review-three_title = Les moments décisifs
review-three_step = Moment { $n } sur { $total }
review-three_finding = Recherche des moments qui ont décidé la partie…
review-three_none = Personne n’a rien cédé : chaque coup valait le meilleur coup de l’ordinateur.
review-three_done = Terminé
review-sentence-missed_win = Le coup { $move } de { $player } a laissé filer la victoire : { $best } aurait gagné la partie.
review-sentence-lost_game = Le coup { $move } de { $player } a perdu la partie ; { $best } aurait tenu plus longtemps.
review-play_here = Reprendre d’ici
review-make_puzzle = En faire une énigme
review-make_puzzle_hint = La position avant ce coup rejoint Mes énigmes, si un coup y rapporte nettement plus que tous les autres.
review-puzzle_made = Ajoutée à Mes énigmes.
review-puzzle_not_made = Pas d’énigme ici : aucun coup ne se détache assez nettement des autres.
review-puzzle_making = Création de l’énigme…

## puzzles
menu-puzzles = Énigmes
puzzle-title = Énigme
puzzle-of = { $game } · { $difficulty }
puzzle-task-seeds =
    { $n ->
        [one] À { $player } de jouer : gagnez { $n } graine
       *[other] À { $player } de jouer : gagnez { $n } graines
    }
puzzle-task-game = À { $player } de jouer : gagnez la partie
puzzle-right = Exact !
puzzle-wins-seeds =
    { $n ->
        [one] { $move } gagne { $n } graine.
       *[other] { $move } gagne { $n } graines.
    }
puzzle-wins-game = { $move } gagne la partie.
puzzle-wrong = Pas celui-là.
puzzle-tries_left =
    { $n ->
        [one] Réessayez : il reste { $n } essai.
       *[other] Réessayez : il reste { $n } essais.
    }
puzzle-the_answer = La solution :
puzzle-showing = Regardez la solution…
puzzle-theme = Thème : { $theme }
puzzle-hint = Indice
puzzle-hint_tip = Fait briller le trou à jouer. Une énigme résolue avec un indice compte comme manquée.
puzzle-next = Énigme suivante
puzzle-exit = Retour au menu
puzzle-rating = Votre classement aux énigmes : { $rating }
puzzle-streak = Résolues d’affilée : { $n } (meilleure série : { $best })
puzzle-every_game = Énigmes de tous les jeux
puzzle-mine = Mes énigmes
puzzle-mine_none = Pas encore d’énigmes à vous : dans l’analyse d’une partie, choisissez un coup marqué, puis « En faire une énigme ».
puzzle-loading = Chargement des énigmes…
puzzle-unavailable = Impossible de charger les énigmes : { $why }
puzzle-done_gate = Cette énigme est terminée : choisissez Énigme suivante.
puzzle-difficulty-easy = Facile
puzzle-difficulty-medium = Moyen
puzzle-difficulty-hard = Difficile
puzzle-theme-grand_slam = Grand chelem
puzzle-theme-win = Le coup gagnant
puzzle-theme-reverse_capture = Prise inversée
puzzle-theme-file = Une colonne
puzzle-theme-four = Un quatre
puzzle-theme-relay_capture = Prise après relais
puzzle-theme-strip = Un prélèvement
puzzle-theme-capture = Prise
kiosk-find_it = Trouvez le coup !
kiosk-find_it_hint = Un coup rapporte plus que tous les autres. Trois essais.
