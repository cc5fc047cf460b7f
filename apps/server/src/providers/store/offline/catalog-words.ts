/*
 * Word lists the offline catalog is generated from. Subjects are the phrases people search for, so
 * they double as the catalog's keyword vocabulary; features and audiences make up descriptions.
 */

/** Splits a comma-separated word list (kept as text so the lists stay compact). */
function list(text: string): readonly string[] {
  return text.split(',').map((item) => item.trim());
}

/** One store category with the words its apps are made of. */
export interface CategoryWords {
  /** Category name on Google Play and on the App Store. */
  google: string;
  apple: string;
  subjects: readonly string[];
  suffixes: readonly string[];
  features: readonly string[];
  audiences: readonly string[];
  game?: boolean;
}

export const CATEGORIES: readonly CategoryWords[] = [
  {
    google: 'Health & Fitness',
    apple: 'Health & Fitness',
    subjects: list(
      'workout, home workout, fitness, yoga, running, step counter, calorie counter, ' +
        'weight loss, pilates, meditation, sleep sounds, water tracker, gym log, abs workout, ' +
        'intermittent fasting',
    ),
    suffixes: list('Tracker, Coach, Planner, Log, Buddy, Daily, Pro'),
    features: list(
      'track your workouts, count your steps all day, plan healthy meals, ' +
        'follow guided yoga sessions, log runs with GPS, build strength with home workouts, ' +
        'count calories and macros, sleep better with calming sounds, ' +
        'drink more water with gentle reminders, lose weight with a personal fitness plan, ' +
        'meditate for five minutes a day',
    ),
    audiences: list('beginners, busy parents, runners, anyone who wants to get fit'),
  },
  {
    google: 'Productivity',
    apple: 'Productivity',
    subjects: list(
      'notes, to do list, calendar, planner, habit tracker, reminders, pdf scanner, documents, ' +
        'focus timer, tasks, email, checklist',
    ),
    suffixes: list('Pro, Plus, Organizer, Manager, Pad, Hub, Flow'),
    features: list(
      'organize tasks and projects, take notes and sync them everywhere, scan documents to PDF, ' +
        'build better habits, stay focused with a pomodoro timer, ' +
        'plan your week on a simple calendar, never miss a reminder, ' +
        'share checklists with your team',
    ),
    audiences: list('students, small teams, freelancers, busy professionals'),
  },
  {
    google: 'Photography',
    apple: 'Photo & Video',
    subjects: list(
      'photo editor, camera, collage maker, filters, selfie camera, video editor, ' +
        'background eraser, photo collage, beauty camera, retouch, slideshow maker',
    ),
    suffixes: list('Studio, Lab, Editor, Pro, Cam, Maker, Art'),
    features: list(
      'edit photos with one tap, apply film filters, remove backgrounds automatically, ' +
        'make collages from your gallery, retouch selfies, create videos with music, ' +
        'add text and stickers to pictures, shoot in manual camera mode',
    ),
    audiences: list('creators, photographers, influencers, anyone with a phone camera'),
  },
  {
    google: 'Music & Audio',
    apple: 'Music',
    subjects: list(
      'music player, radio, podcasts, ringtones, equalizer, piano, guitar tuner, karaoke, ' +
        'mp3 player, drum pad, metronome, offline music',
    ),
    suffixes: list('Player, Box, Studio, Live, Beats, Pro, FM'),
    features: list(
      'play your music offline, listen to live radio stations, ' +
        'boost bass with a ten band equalizer, tune your guitar, learn piano songs, ' +
        'sing karaoke with lyrics, make beats on a drum pad, subscribe to podcasts',
    ),
    audiences: list('music lovers, musicians, podcast fans, students of music'),
  },
  {
    google: 'Education',
    apple: 'Education',
    subjects: list(
      'learn english, language learning, math, flashcards, kids learning, spelling, vocabulary, ' +
        'coding, chess lessons, abc, quiz, homework helper, typing',
    ),
    suffixes: list('Academy, Tutor, School, Class, Kids, Master, Pro'),
    features: list(
      'learn a language in ten minutes a day, practise math step by step, ' +
        'memorize words with flashcards, teach kids letters and numbers, ' +
        'learn to code with small lessons, improve your typing speed, get help with homework, ' +
        'take quizzes on any subject',
    ),
    audiences: list('kids, students, teachers, lifelong learners'),
  },
  {
    google: 'Finance',
    apple: 'Finance',
    subjects: list(
      'budget, expense tracker, money manager, banking, invoice, receipts, bill reminder, ' +
        'savings, currency converter, stock market, tax calculator, personal finance',
    ),
    suffixes: list('Book, Manager, Pro, Wallet, Keeper, Planner'),
    features: list(
      'track expenses and income, plan a monthly budget, scan receipts, get bill reminders, ' +
        'convert currencies offline, follow the stock market, save money toward goals, ' +
        'send invoices to clients',
    ),
    audiences: list('families, freelancers, small businesses, students'),
  },
  {
    google: 'Travel & Local',
    apple: 'Travel',
    subjects: list(
      'hotel booking, flights, travel planner, trip, city guide, vacation rentals, ' +
        'train tickets, bus tickets, travel deals, packing list',
    ),
    suffixes: list('Go, Trip, Guide, Planner, Pass, Now'),
    features: list(
      'book hotels at the best price, find cheap flights, plan trips day by day, ' +
        'discover city sights, buy train and bus tickets, keep a packing list, ' +
        'find vacation rentals',
    ),
    audiences: list('travellers, families on holiday, business travellers, backpackers'),
  },
  {
    google: 'Maps & Navigation',
    apple: 'Navigation',
    subjects: list(
      'gps navigation, maps, traffic, parking, speedometer, compass, route planner, bike routes, ' +
        'hiking trails, fuel prices',
    ),
    suffixes: list('Maps, Go, Pro, Navigator, Pilot, Now'),
    features: list(
      'navigate with voice directions, avoid traffic jams, find parking nearby, ' +
        'plan bike routes, follow hiking trails offline, compare fuel prices, ' +
        'see your speed on a speedometer',
    ),
    audiences: list('drivers, cyclists, hikers, commuters'),
  },
  {
    google: 'Food & Drink',
    apple: 'Food & Drink',
    subjects: list(
      'recipes, meal planner, food delivery, healthy recipes, cocktails, coffee, grocery list, ' +
        'baking, vegan recipes, restaurant',
    ),
    suffixes: list('Kitchen, Chef, Box, Planner, Bites, Go'),
    features: list(
      'cook easy recipes, plan weekly meals, order food delivery, mix classic cocktails, ' +
        'keep a shared grocery list, bake bread at home, find vegan recipes',
    ),
    audiences: list('home cooks, families, food lovers, beginners in the kitchen'),
  },
  {
    google: 'Weather',
    apple: 'Weather',
    subjects: list(
      'weather, weather radar, forecast, rain alerts, storm tracker, temperature, air quality, ' +
        'weather widget, pollen, tides',
    ),
    suffixes: list('Live, Now, Radar, Pro, Daily, Watch'),
    features: list(
      'see the hourly forecast, watch the live weather radar, get rain alerts, ' +
        'track storms as they move, check air quality, add a weather widget, read tide tables',
    ),
    audiences: list('commuters, gardeners, sailors, outdoor lovers'),
  },
  {
    google: 'Puzzle',
    apple: 'Games',
    game: true,
    subjects: list(
      'block puzzle, word puzzle, sudoku, jigsaw puzzle, crossword, match 3, brain games, ' +
        'solitaire, mahjong, logic puzzle, word search, nonogram',
    ),
    suffixes: list('Saga, Mania, Quest, Master, Blast, Garden, Journey'),
    features: list(
      'solve relaxing puzzles, train your brain every day, play thousands of levels offline, ' +
        'beat daily challenges, find hidden words, match colourful tiles, play classic card games',
    ),
    audiences: list('puzzle fans, the whole family, word lovers, anyone with a spare minute'),
  },
  {
    google: 'Arcade',
    apple: 'Games',
    game: true,
    subjects: list(
      'runner, racing, shooter, platformer, tower defense, idle, zombie, space shooter, drift, ' +
        'stickman, battle, snake',
    ),
    suffixes: list('Rush, Heroes, Legends, Run, Arena, Blitz, Wars, Tycoon'),
    features: list(
      'race through neon cities, defend your tower, survive the zombie waves, ' +
        'battle friends online, collect heroes and upgrade them, drift around tight corners, ' +
        'build an idle empire',
    ),
    audiences: list('gamers, casual players, competitive players, arcade fans'),
  },
  {
    google: 'Social',
    apple: 'Social Networking',
    subjects: list(
      'chat, messenger, dating, video chat, friends, community, stories, group chat, voice chat, ' +
        'meet new people',
    ),
    suffixes: list('Chat, Connect, Talk, Circle, Live, Meet'),
    features: list(
      'chat with friends, make free video calls, meet new people nearby, share stories, ' +
        'join communities, talk in group voice rooms',
    ),
    audiences: list('friends, communities, singles, families far apart'),
  },
  {
    google: 'Shopping',
    apple: 'Shopping',
    subjects: list(
      'shopping, deals, coupons, fashion, marketplace, price tracker, cashback, ' +
        'grocery delivery, second hand, sneakers',
    ),
    suffixes: list('Shop, Deals, Market, Store, Club, Go'),
    features: list(
      'find the best deals, collect coupons, earn cashback on purchases, ' +
        'sell second hand clothes, track prices and get drop alerts, get groceries delivered',
    ),
    audiences: list('bargain hunters, families, fashion fans, sneaker collectors'),
  },
  {
    google: 'Tools',
    apple: 'Utilities',
    subjects: list(
      'flashlight, qr scanner, file manager, cleaner, battery saver, vpn, calculator, keyboard, ' +
        'wifi analyzer, screen recorder, translator, unit converter, barcode scanner',
    ),
    suffixes: list('Pro, Plus, Tool, Kit, Master, Lite'),
    features: list(
      'scan QR codes and barcodes, manage files and folders, free up storage space, ' +
        'save battery, browse privately with a VPN, record your screen, translate text and speech, ' +
        'convert units',
    ),
    audiences: list('everyone, power users, travellers, students'),
  },
  {
    google: 'Lifestyle',
    apple: 'Lifestyle',
    subjects: list(
      'horoscope, home design, tattoo, journal, affirmations, plant care, wallpapers, astrology, ' +
        'gardening, self care',
    ),
    suffixes: list('Daily, Life, Studio, Diary, Pro, Club'),
    features: list(
      'read your daily horoscope, design rooms in 3D, keep a private journal, ' +
        'care for your plants, set beautiful wallpapers, practise daily affirmations',
    ),
    audiences: list('dreamers, home owners, plant parents, anyone who loves routines'),
  },
  {
    google: 'Business',
    apple: 'Business',
    subjects: list(
      'crm, time tracking, invoices, team chat, scheduling, payroll, point of sale, ' +
        'meeting notes, job search, inventory',
    ),
    suffixes: list('Pro, Desk, Suite, Works, Hub, Office'),
    features: list(
      'track billable hours, schedule staff shifts, run a point of sale, ' +
        'manage customer contacts, find jobs near you, count inventory with the camera, ' +
        'take meeting notes',
    ),
    audiences: list('small businesses, shop owners, managers, job seekers'),
  },
  {
    google: 'Books & Reference',
    apple: 'Books',
    subjects: list(
      'ebooks, audiobooks, bible, dictionary, comics, novels, ebook reader, library, manga, ' + 'poetry',
    ),
    suffixes: list('Reader, Books, Library, Shelf, Pro, Pages'),
    features: list(
      'read ebooks offline, listen to audiobooks, look up words in the dictionary, ' +
        'read comics and manga, borrow books from your library, highlight and share quotes',
    ),
    audiences: list('readers, students, book clubs, comic fans'),
  },
  {
    google: 'News & Magazines',
    apple: 'News',
    subjects: list('news, local news, headlines, magazines, sports news, tech news, rss reader'),
    suffixes: list('Daily, Now, Today, Wire, Brief, Pro'),
    features: list(
      'read breaking news, follow local headlines, read magazines offline, follow tech news, ' +
        'build your own news feed',
    ),
    audiences: list('news readers, commuters, tech fans, sports fans'),
  },
  {
    google: 'Sports',
    apple: 'Sports',
    subjects: list(
      'football scores, live scores, soccer, basketball, cricket, golf gps, tennis, ' +
        'fantasy football, hockey, cycling',
    ),
    suffixes: list('Live, Scores, Pro, Zone, Fan, Now'),
    features: list(
      'follow live scores, get goal alerts, build a fantasy team, measure golf distances, ' +
        'watch highlights, track your rides',
    ),
    audiences: list('sports fans, golfers, fantasy players, cyclists'),
  },
];

/** Titles of apps in the categories Storelift refuses to promote; all listed under Finance. */
export const FORBIDDEN_TITLES: readonly { title: string; description: string }[] = [
  {
    title: 'CoinHarbor Crypto Exchange',
    description: 'Buy and sell bitcoin, ethereum and 200 more crypto coins with low fees.',
  },
  {
    title: 'Bitcoin Miner Pool',
    description: 'Join a cloud mining pool and earn bitcoin daily. Withdraw crypto to any wallet.',
  },
  {
    title: 'Binary Options Signals',
    description: 'Get binary options trading signals with 90% accuracy and trade from one dollar.',
  },
  {
    title: 'TradeUp Binary Trading',
    description: 'Trade binary options on currencies and gold. Sixty second expiry, instant payouts.',
  },
  {
    title: 'QuickCash Payday Loans',
    description: 'Get a payday loan in five minutes. Instant cash advance without credit check.',
  },
  {
    title: 'LendNow Instant Credit',
    description: 'Borrow money online: microloans up to 1,000 dollars approved in minutes.',
  },
];

/** Makes brand names such as "Lumio" or "Fitora". */
export const BRAND_STARTS = list(
  'Zen, Fit, Nova, Pix, Loop, Bright, Swift, Lumi, Koda, Vibe, Echo, Mint, Orbi, Tidy, Snap, ' +
    'Bloom, Peak, Calm, Quill, Bea, Tempo, Ripple, Sola, Vela, Juno, Kiwi, Moxi, Pluto, Rivo, ' +
    'Tala',
);
export const BRAND_ENDS = list('ly, io, ify, ora, oo, a, go, hub, box, kit, wise, nest');

/** Title openers such as "Simple" in "Simple Budget". */
export const ADJECTIVES = list(
  'Simple, Smart, Easy, Daily, Super, Pocket, Quick, Tiny, Happy, Magic, Classic, Ultimate, ' + 'My',
);

/** Two words that make a developer name, e.g. "Cedar Labs". */
export const DEVELOPER_FIRST = list(
  'Blue, North, Cedar, Atlas, Kestrel, Copper, Silver, Maple, Harbor, Pine, Orbit, Lumen, ' +
    'Quartz, Nimbus, Ember, Falcon, Juniper, Meadow, Summit, Tandem, Willow, Aurora',
);
export const DEVELOPER_SECOND = list('Labs, Apps, Games, Studio, Mobile, Software, Digital, Works');
export const DEVELOPER_DOMAINS = list('com, com, com, io, app, net, org');
