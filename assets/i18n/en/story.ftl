### Mancala Hall: Each game's story page: where it is played, by whom, its history and its words.
### Fluent (https://projectfluent.org); docs/i18n.md says how to change it.

## story
story-title = The story of the games
story-map-title = Where the games are played
story-map-caption = Five mancala games from East and Central Africa and from Oman on the Arabian Peninsula.
story-place-uganda = Uganda
story-place-gambela = Gambela (Ethiopia and South Sudan)
story-place-malawi = Malawi
story-place-zambia = Zambia
story-place-oman = Oman
story-place-zanzibar = Zanzibar
story-place-dodoma = Dodoma
story-omweso-where = Uganda: the Ganda people of the kingdom of Buganda
story-omweso-people = Omweso is the historic royal game of Buganda, the kingdom of the Ganda people, and the national board game of Uganda. The Kabakas, the kings of Buganda, played it during the sacred rites of their installation on Budo Hill, and King Mutesa I, who reigned from 1856 to 1884, was famed as a master strategist and a keen patron of the game. His prime minister Mukasa is remembered as one of the greatest players of 19th-century East Africa. Old custom allowed Omweso only by day, never at night, and royal practice at first kept women and commoners out of it.
story-omweso-history = Ganda oral tradition says the game was brought in the 16th century by the legendary Bachwezi rulers of the Bunyoro-Kitara dynasty. A Western scholar, R. S. Shackell, first wrote its rules down in 1934. After Kabaka Sir Edward Mutesa II came back from British exile in 1955, and with the cultural revival of the Bataka movement, Omweso grew from a pastime of the court into a lively national sport with formal tournaments, where the quick game gives each move only three seconds. Mutesa I's own board was kept in the royal Kasubi Tombs, a UNESCO World Heritage site, until the fire of March 2010.
story-omweso-names = The name Omweso, often written Mweso or Mweisho, is said to come from the Swahili word michezo, 'games'. The 64 seeds are called empiki: traditionally the hard, polished black seeds of the omuti gw'empiki tree. A match runs to 12 points: bulijo is the ordinary win, worth 1 point; okutema, 'cutting off the head', is worth 2; and akawumbi, the grand slam that leaves the opponent's side completely empty, is worth 12 and wins the match at once.
story-anywoli-where = Gambela in western Ethiopia, and neighbouring South Sudan: the Anuak people
story-anywoli-people = Anywoli is played by the Anuak people of the Gambela region in western Ethiopia and of the neighbouring districts across the border in South Sudan, among them Akobo, Pochalla and Jokau. The Anuak number about 78,000 and have traditionally lived as fishers, farmers and river hunters.
story-anywoli-history = The game came to wider attention in 1971, when the Ethiopian historian Richard Pankhurst described it. Its board of two rows of 12 pits with 96 seeds is one of the largest among Africa's two-row games, and a game calls for stamina and foresight. Anuak players also compose endgame puzzles: Pankhurst recorded a hard problem in which South forces a win, a sign of the deep calculation of Anuak masters. For the last four seeds on the board Pankhurst described a draw by lot, while the game researcher Ralf Gering noted two other customs from related games.
story-anywoli-names = Anywoli is an Anuak word meaning 'birth' or 'to give birth'. A pit is called oto, plural udi, 'houses', and the seeds are nyibaré, 'children of the board game'. Seeds are taken four at a time, whenever a house comes to hold exactly four, and go into a store at each end of the board. In its structure the game is akin to West African games such as Ba-awa of Ghana.
story-nsolo-where = Malawi and eastern Zambia: the Ngoni people
story-nsolo-people = Nsolo is a traditional game of the Ngoni, also written Angoni, in Malawi and eastern Zambia. Its holes are often dug straight into the ground. The big boards are played in the shade of village trees by rival teams, sometimes by the squads of whole villages.
story-nsolo-history = In 1913 the British colonial doctor Meredith G. Sanderson wrote about the game in the Nyasaland Protectorate, today's Malawi, and his notes remain a valuable record of social and military pastimes in early 20th-century Central Africa. Detailed competition rules were recorded in 1975 from players in Ndola, Zambia. Nsolo is one of the largest mancala games in the world: boards run from 4 x 8 holes, the usual size in tournaments, up to 4 x 36 holes with 284 stones.
story-nsolo-names = Colonial writings also record the game under the name Nchombwa. It is known for its capture bonus: after taking the seeds of the facing inner pit, the capturer removes as many again from anywhere on the opponent's side. Other four-row games of the region include Lela in Malawi and Mulabalaba in Zambia.
story-hawalis-where = Oman, and Zanzibar in Tanzania
story-hawalis-people = Hawalis comes from the Sultanate of Oman, at the south-eastern tip of the Arabian Peninsula. Sea trade carried it to Zanzibar, where families of Omani descent play it. Apart from a few isolated games in Yunnan, China, it is almost the only traditional four-row mancala played outside Africa.
story-hawalis-history = The British colonial officer W. H. Ingrams first recorded the game in Zanzibar in 1921. In 2003 the mancala researcher Alexander Johan de Voogt studied it in Oman and found lively Hawalis clubs holding championships around the capital, Muscat, and in Seeb; he also noted the Omani rule that a player whose move never ends loses. A youth tournament in Lower Saxony, Germany, in 2008 and an online version made by Arty Sandler for igGameCenter in 2009 brought the game to players abroad.
story-hawalis-names = Hawalis is the game's Arabic name. In Zanzibar it is called Bao la Kiarabu, also written Bao Kiarabu, 'the Arab board game'. Its design matches four-row games of south-eastern Africa such as Njombwa in Mozambique, Lela in Malawi, Mulabalaba in Zambia and Muvalavala in Angola, a sign of long exchanges along the Swahili coast. An endless back-and-forth of moves is called a 'pendulum', and a repeated position makes the game a draw.
story-bao_kigogo-where = Dodoma region, central Tanzania: the Gogo (Wagogo) people
story-bao_kigogo-people = Bao Kigogo is played by the Gogo people, the Wagogo, across the central plateau of the Dodoma region in Tanzania. It is a wide four-row game on a board of 4 x 12 holes with 92 seeds.
story-bao_kigogo-history = The German Lutheran missionary Martin Klamroth recorded the game in 1911, after watching it played at the settlement of Mpapua, today's Mpwapwa. He published its rules in his article 'Afrikanische Brettspiele' (African board games) in the journal Archiv für Anthropologie. The opening is deliberately uneven: opposite corners of the two front rows start empty, which breaks the symmetry and starts a fight for the central columns straight away.
story-bao_kigogo-names = Bao Kigogo is a close relative of Bao la Kiarabu, the coastal Swahili name for Hawalis, and plays by its rules on a larger board. Kigogo in its name points to the Gogo people, as Kiarabu in Bao la Kiarabu points to the Arabs. It also belongs to the four-row games of southern and eastern Africa in which the sowing runs on lap after lap, such as Njombwa in Mozambique.
story-back = Back
story-next = Next game
story-previous = Previous game
story-open = The story
