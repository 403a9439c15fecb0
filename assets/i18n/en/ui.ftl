### Mancala Hall: The interface: title, menus, the game screen, the review, online play, the kiosk.
### Fluent (https://projectfluent.org); docs/i18n.md says how to change it.

## app
app-title = Mancala Hall

## player
player-south = South
player-north = North

## title
title-subtitle = Five mancala games of East and Southern Africa
title-version = Version { $version }

## menu
menu-choose_game = Choose a game
menu-describe-omweso = Uganda's royal game: 4 x 8, captured seeds are sown again on your side.
menu-describe-anywoli = Anuak game of 2 x 12 with stores: whoever makes a four takes it.
menu-describe-nsolo = Ngoni game of 4 x n (up to 36): a capture earns a bonus strip.
menu-describe-hawalis = Oman and Zanzibar, 4 x 7: end in an empty front pit to take a whole file.
menu-describe-bao_kigogo = Wagogo game of Dodoma: the rules of Hawalis on a board of 4 x 12.
menu-rules = How to play
menu-story = The story
menu-options = Options
menu-players = Players
menu-south_near = South (near)
menu-north_far = North (far)
menu-person = person
menu-computer = computer
menu-level = Computer:
menu-first = First:
menu-by_lot = by lot
menu-start = Start
menu-resume = Resume
menu-settings = Settings
menu-saved_games = Saved games
menu-autosave = The last game (saved after every turn)
menu-saved_line =
    { $moves ->
        [one] { $label } — { $game }, { $moves } move{ $finished }
       *[other] { $label } — { $game }, { $moves } moves{ $finished }
    }
menu-finished = , finished
menu-watch = Watch from the start
menu-cannot_open = { $label }: cannot be opened: { $why }

## level
level-beginner = Beginner
level-player = Player
level-expert = Expert
level-master = Master

## options
options-set_up = Set-up:
options-standard = standard (4 in each back pit)
options-free = free arrangement
options-opening_three = Opening three: while nobody has captured, a 3 may be sown as 2 and 1
options-grand_slam = Grand slam: emptying the opponent's side wins the match
options-front_row_two_points = 2 points for a capture that empties his front row
options-two_captures_first = 2 points for captures in two turns before his first
options-match = points to win the match
options-mode = Mode:
options-counting = counting
options-no_take_back = no take-back
options-blitz = blitz (3 s a decision)
options-last_four = Last four go to:
options-last_capturer = the last capturer
options-first_last_seed_capturer = the first last-seed capturer
options-lottery = a lottery
options-stop_when_decided = Stop when decided (a store passes 48) — the project's rule
options-width = pits in a row
options-bonus_up_to_k = Bonus strip is up to k (may stop early)
options-never_ending = A move that never ends:
options-draw = draw
options-mover_loses = the mover loses

## settings
settings-language = Language:
settings-text_size = text size
settings-high_contrast = High contrast
settings-reduced_motion = Reduced motion (seeds slide, no hops)
settings-explain = Explain each move in a caption

## status
status-to_move = { $player } to move
status-direction = { $player } chooses the direction of the next lap
status-strip =
    { $remaining ->
        [one] { $player } strips { $remaining } more seed from the opponent
       *[other] { $player } strips { $remaining } more seeds from the opponent
    }
status-arrange = { $player } arranges the seeds

## outcome
outcome-win_because = { $player } wins: { $why }
outcome-draw_because = Draw: { $why }
outcome-annulled_because = The game is annulled: { $why }

## reason
reason-grand_slam = all the opponent's pits are empty (grand slam)
reason-both_end_columns = captured from both end columns in one turn
reason-front_row_empty = a capture emptied the opponent's front row
reason-two_captures_first = captured in two turns before the opponent's first capture
reason-no_legal_move = the player to move has no legal move
reason-no_seeds_left = a player has no seeds left
reason-board_empty = no seeds are left on the board
reason-last_four = four seeds were left; they went by the last-four rule
reason-decided = one store holds more than half the seeds
reason-nobody_can_move = neither player can move
reason-repetition = the position repeated
reason-never_ending_move = a move would never end
reason-resigned = a player resigned
reason-time_out = a player ran out of time

## choice
choice-sow = Sow { $move } counter-clockwise
choice-reverse = Reverse capture from { $move }, clockwise
choice-opening_three = Opening three from { $move }

## hud
hud-moving = { $player } is moving...
hud-store = { $player }: store { $n }
hud-on_side =
    { $n ->
        [one] { $player }: { $n } seed on this side
       *[other] { $player }: { $n } seeds on this side
    }
hud-captured = { $player }: captured { $n }
hud-match_to = Match to { $target }: South { $south } – North { $north }
hud-match_game = Game { $n }: { $result } ({ $why })
hud-draw = draw
hud-annulled = annulled
hud-last_move = Last move: { $player } { $move }
hud-speed = Speed:
hud-sound = sound
hud-north_seat = Camera on North's side
hud-counts = Counts:
hud-always = always
hud-on_hover = on hover
hud-off = off
hud-skip = Skip (space)
hud-rules = Rules
hud-save = Save
hud-menu = Menu (esc)
hud-menu_word = Menu
hud-skip_word = Skip

## speed
speed-slow = slow
speed-normal = normal
speed-fast = fast
speed-instant = instant

## prompt
prompt-which_move = Which move?
prompt-cancel = Cancel
prompt-direction = { $player }: direction of the next lap
prompt-ccw = counter-clockwise
prompt-cw = clockwise (captures)
prompt-arrange = { $player }: arrange your 32 seeds
prompt-arrange_how = Touch one of your pits to pick it up, then touch pits to drop one seed into each (at most 10 a pit).
prompt-done = Done
prompt-start_again = Start again
prompt-standard = Standard (4 in each back pit)
prompt-random_arrangement = Random arrangement
prompt-standard_short = Standard
prompt-random_short = Random
prompt-strip = { $player }: strip { $remaining } more
prompt-strip_how = Touch the opponent's pits to take one seed each.
prompt-stop_stripping = Stop stripping

## over
over-title = Game over
over-wins = { $player } wins
over-draw = A draw
over-annulled = The game is annulled
over-points = Points: { $n }
over-match = Match: South { $south } – North { $north }
over-match_winner = { $player } wins the match
over-next_game = Next game
over-play_again = Play again
over-back_to_menu = Back to menu

## moves
moves-title = Moves
moves-none = No moves played yet.
moves-watching = Watching a saved game: move { $n } of { $total }
moves-step_back = « step back
moves-pause = pause
moves-play = play
moves-step = step »
moves-stop_watching = stop watching
moves-undo = Undo (ctrl+z)
moves-redo = Redo (ctrl+y)
moves-hide_list = Hide list
moves-list = Move list
moves-thinking = Thinking of a hint...
moves-hint = Hint
moves-whole_board = Whole board
moves-close_up = Close up
moves-hint_is = Hint: { $move }
moves-showing = Showing the position after move { $n }
moves-back_to_game = Back to the game

## notice
notice-cannot_play = That pit cannot be played now.
notice-arrange_own_rows = Arrange the seeds on your own two rows.
notice-pit_empty = That pit is empty: pick up seeds from another.
notice-at_most_10 = At most 10 seeds in one pit.
notice-no_take_backs = No take-backs in this game.
notice-nothing_to_undo = Nothing to take back.
notice-viewing_past = You are looking at a past position: go back to the game to play.
notice-too_many_moves = Too many moves at once: { $move } was not played.
notice-long_move = A very long move: { $n } million laps checked so far…
notice-cannot_save = Games cannot be saved here.
notice-saved_as = Saved as “{ $name }”
notice-could_not_save = Could not save to { $path }: { $why }

## banner
banner-extra_turn = { $player } plays again
banner-pass = { $player } cannot move and passes
banner-lot = The lot falls on { $player }
banner-repetition = The position has occurred { $n } times
banner-condensed = ... and so on for { $n } more laps
banner-never_ending = This move would never end (proved after { $n } laps): it is not played
banner-end_turn = { $player }'s turn is over

## explain
explain-lift =
    { $n ->
        [one] Sowing: { $player } lifts { $n } seed and drops it into the next pit.
       *[other] Sowing: { $player } lifts { $n } seeds and drops them one by one into the next pits.
    }
explain-relay = Relay: the last seed fell into a pit that was not empty, so its { $n } seeds are lifted and sown on.
explain-capture_resow = Capture: { $n } seeds are taken from the opponent's facing pit and come back into play on the capturer's side.
explain-four = A four! The { $n } seeds go to { $player }'s store.
explain-capture =
    { $n ->
        [one] Capture: { $player } takes { $n } seed off the board.
       *[other] Capture: { $player } takes { $n } seeds off the board.
    }
explain-strip = Bonus: { $player } strips one more seed from the opponent.
explain-arrange = { $player } has arranged the seeds.
explain-end_turn = The last seed fell into an empty pit: { $player }'s turn is over.
explain-new_game = A new game of the match begins; { $player } starts.

## pages
pages-aim = The aim
pages-board = The board
pages-sowing = A turn
pages-capture = Capturing
pages-special = Special rules
pages-end = The end of the game
pages-terms = Words used
pages-people = The people and the place
pages-history = History
pages-names = Names

## kiosk
kiosk-welcome = Five board games of East and Southern Africa and Oman. Choose one to play, learn or read about.
kiosk-play_computer = Play the computer
kiosk-play_two = Two players
kiosk-touch_to_play = Touch the screen to play!
kiosk-still_there = Still playing?
kiosk-countdown = This game ends in { $n } s
kiosk-touch_to_continue = Touch the screen to keep playing.

## online
online-title = Play online
online-server = Server
online-create = Create a room for { $game }
online-code = Room code
online-join = Join
online-watch = Watch
online-connecting = connecting…
online-connected = connected
online-reconnecting = connection lost, trying again…
online-offline = No network: online play needs it. It comes back by itself when the network returns.
online-offline_short = no network
online-closed = closed
online-seat_open = free seat
online-seat_here = here
online-seat_away = away
online-room_line = Room { $code } · { $link }
online-watching = watching
online-leave = Leave
online-share_title = Your room
online-share_hint = Give this code to your opponent: Play online, Join with a code.
online-not_sent = Not connected: the move was not sent.
online-watch_only = You are watching this game.
online-expired = The room was closed after a long pause.
online-unknown = The server sent a message this game does not know: update the game.
online-back = Back
online-your_name = Your name
online-name_hint = shown to other players
online-quick = Play someone now: { $game }
online-looking = Looking for an opponent… { $waiting } waiting, { $playing } games being played
online-cancel = Cancel
online-open_rooms = Waiting for an opponent
online-no_open = No open rooms right now.
online-in_play = Games being played
online-none_playing = No games being played.
online-waited = waited { $time }
online-seconds = { $n } s
online-minutes = { $n } min
online-move_no = move { $n }
online-watchers = { $n } watching
online-public = List it in the lobby
online-by_code = Join with a code
online-guest = Guest
online-rated_line = { $player }: { $before } to { $after }
online-rematch = Rematch
online-accept_rematch = Accept the rematch
online-rematch_asked = Rematch asked
online-said = { $player }: { $phrase }
online-phrase-good_game = Good game
online-phrase-well_played = Well played
online-phrase-thank_you = Thank you
online-phrase-your_move = Your move
online-lobby_loading = Reaching the server…
online-vs = { $south } – { $north }
online-leaderboard = Best players: { $game }
online-no_ranked = Nobody has played five rated games yet.
online-games = { $n } games
online-say = Say…

## review
review-open = Review
review-open_hint = See where the game was won and lost
review-title = Game review
review-progress = Reviewing move { $n } of { $total }…
review-failed = The review stopped: { $why }
review-axis_seeds = Seeds ahead
review-south_ahead = South ahead
review-north_ahead = North ahead
review-pick = Select a point on the graph or a move, or use the arrow keys.
review-mark-good = Good
review-mark-inaccuracy = Inaccuracy
review-mark-mistake = Mistake
review-mark-blunder = Blunder
review-before_move = Before move { $n }
review-played_tag = played { $move }: { $value }
review-best_tag = best { $move }: { $value }
review-sentence-best = { $player }'s { $move } was the best move.
review-sentence-fine = { $player }'s { $move } was about as good as { $best }.
review-sentence-lost =
    { $n ->
        [one] { $player }'s { $move } gave up { $n } seed; { $best } was better.
       *[other] { $player }'s { $move } gave up { $n } seeds; { $best } was better.
    }
review-reason-captures =
    { $n ->
        [one] { $best } would have captured { $n } seed at once.
       *[other] { $best } would have captured { $n } seeds at once.
    }
review-previous = Previous
review-next = Next
review-play_here_computer = Play from here against the computer
review-play_here_people = Play from here, two players
review-close = Close the review
review-three_open = See the three moments that decided it
review-three_title = The moments that decided it
review-three_step = Moment { $n } of { $total }
review-three_finding = Looking for the moments that decided the game…
review-three_none = Nobody gave anything away: every move was as good as the computer's best.
review-three_done = Done
review-sentence-missed_win = { $player }'s { $move } let the win slip: { $best } would have won the game.
review-sentence-lost_game = { $player }'s { $move } lost the game; { $best } would have held on longer.
review-play_here = Play from here
review-make_puzzle = Make a puzzle of this
review-make_puzzle_hint = The position before this move joins My puzzles, if one move there clearly wins the most.
review-puzzle_made = Added to My puzzles.
review-puzzle_not_made = No puzzle here: no move stands out clearly enough from the others.
review-puzzle_making = Making the puzzle…

## puzzles
menu-puzzles = Puzzles
puzzle-title = Puzzle
puzzle-of = { $game } · { $difficulty }
puzzle-task-seeds =
    { $n ->
        [one] { $player } to play: win { $n } seed
       *[other] { $player } to play: win { $n } seeds
    }
puzzle-task-game = { $player } to play: win the game
puzzle-right = Right!
puzzle-wins-seeds =
    { $n ->
        [one] { $move } wins { $n } seed.
       *[other] { $move } wins { $n } seeds.
    }
puzzle-wins-game = { $move } wins the game.
puzzle-wrong = Not this one.
puzzle-tries_left =
    { $n ->
        [one] Try again: { $n } try left.
       *[other] Try again: { $n } tries left.
    }
puzzle-the_answer = The answer:
puzzle-showing = Watch the answer…
puzzle-theme = Theme: { $theme }
puzzle-hint = Hint
puzzle-hint_tip = Makes the pit to play glow. A puzzle solved with a hint counts as missed.
puzzle-next = Next puzzle
puzzle-exit = Back to the menu
puzzle-rating = Your puzzle rating: { $rating }
puzzle-streak = Solved in a row: { $n } (best { $best })
puzzle-every_game = Puzzles of every game
puzzle-mine = My puzzles
puzzle-mine_none = No puzzles of your own yet: in a game's review, choose a marked move and "Make a puzzle of this".
puzzle-loading = Loading the puzzles…
puzzle-unavailable = The puzzles could not be loaded: { $why }
puzzle-done_gate = This puzzle is over: choose Next puzzle.
puzzle-difficulty-easy = Easy
puzzle-difficulty-medium = Medium
puzzle-difficulty-hard = Hard
puzzle-theme-grand_slam = Grand slam
puzzle-theme-win = The winning move
puzzle-theme-reverse_capture = Reverse capture
puzzle-theme-file = A file
puzzle-theme-four = A four
puzzle-theme-relay_capture = Capture after relays
puzzle-theme-strip = A strip
puzzle-theme-capture = Capture
kiosk-find_it = Can you find it?
kiosk-find_it_hint = One move wins the most. Three tries.
