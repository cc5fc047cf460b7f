/** Ids of the fixed apps of the offline catalog that demo data and tests rely on. */
export const DEMO_APPS = {
  googlePlay: {
    fitness: 'com.storelift.demo.fitness',
    puzzle: 'com.storelift.demo.puzzle',
    paid: 'com.storelift.demo.camerapro',
    regional: 'com.storelift.demo.metroride',
    removed: 'com.storelift.demo.flashlight',
    crypto: 'com.storelift.demo.coinvault',
  },
  appStore: {
    fitness: '1234567890',
    puzzle: '1234567891',
    paid: '1234567892',
    regional: '1234567893',
    removed: '1234567894',
    crypto: '1234567895',
  },
} as const;

export type DemoAppKey = keyof typeof DEMO_APPS.googlePlay;

/** What a fixed app is, on both stores; the catalog turns it into one listing per store. */
export interface DemoAppSpec {
  key: DemoAppKey;
  title: string;
  /** Its Google Play category, one of `CATEGORIES`; the App Store name follows from it. */
  googleCategory: string;
  description: string;
  rating: number;
  votes: { googlePlay: number; appStore: number };
  installs: number;
  price: string;
  /** 0-3: Everyone / 4+ up to Mature 17+ / 17+. */
  contentLevel: number;
  /** Null for everywhere the store operates. */
  countries: readonly string[] | null;
  banned: boolean;
  updatedAt: string;
}

/** The developer of every fixed app. */
export const DEMO_DEVELOPER = 'Storelift Demo Studio';

/** The fixed apps, with properties tests may assert on. */
export const DEMO_APP_SPECS: readonly DemoAppSpec[] = [
  {
    key: 'fitness',
    title: 'FitPulse: Home Workout Tracker',
    googleCategory: 'Health & Fitness',
    description:
      'FitPulse is the home workout tracker for busy people. Follow short workouts without equipment, ' +
      'track your progress and build strength at home. Highlights: guided home workouts, a step counter, ' +
      'a calorie counter, workout reminders and weekly fitness plans. Free to download, no account needed.',
    rating: 4.6,
    votes: { googlePlay: 128_450, appStore: 23_870 },
    installs: 1_000_000,
    price: '0',
    contentLevel: 0,
    countries: null,
    banned: false,
    updatedAt: '2026-05-20T09:00:00.000Z',
  },
  {
    key: 'puzzle',
    title: 'Block Puzzle Garden',
    googleCategory: 'Puzzle',
    description:
      'Block Puzzle Garden is a relaxing block puzzle: fit the blocks, clear the lines and grow a garden. ' +
      'Play thousands of levels offline and train your brain every day. Free to play.',
    rating: 4.4,
    votes: { googlePlay: 56_300, appStore: 9_100 },
    installs: 500_000,
    price: '0',
    contentLevel: 0,
    countries: null,
    banned: false,
    updatedAt: '2026-04-02T09:00:00.000Z',
  },
  {
    key: 'paid',
    title: 'ProShot Manual Camera',
    googleCategory: 'Photography',
    description:
      'ProShot is a manual camera for people who love photography: shutter speed, ISO, focus peaking and ' +
      'RAW photos. One-time purchase, no ads and no subscription.',
    rating: 4.3,
    votes: { googlePlay: 8_400, appStore: 2_100 },
    installs: 100_000,
    price: '2.99',
    contentLevel: 0,
    countries: null,
    banned: false,
    updatedAt: '2026-03-11T09:00:00.000Z',
  },
  {
    key: 'regional',
    title: 'Metro Ride Kyiv',
    googleCategory: 'Travel & Local',
    description:
      'Metro Ride shows the Kyiv metro map, train times and ticket prices, and buys tickets for metro and ' +
      'bus. Available in Ukraine and Poland only.',
    rating: 4.1,
    votes: { googlePlay: 3_200, appStore: 800 },
    installs: 100_000,
    price: '0',
    contentLevel: 0,
    countries: ['UA', 'PL'],
    banned: false,
    updatedAt: '2026-05-01T09:00:00.000Z',
  },
  {
    key: 'removed',
    title: 'Flashlight Classic',
    googleCategory: 'Tools',
    description: 'A bright flashlight with one button. Removed from the store by its publisher.',
    rating: 3.9,
    votes: { googlePlay: 15_000, appStore: 2_000 },
    installs: 1_000_000,
    price: '0',
    contentLevel: 0,
    countries: null,
    banned: true,
    updatedAt: '2024-02-15T09:00:00.000Z',
  },
  {
    key: 'crypto',
    title: 'CoinVault Crypto Wallet',
    googleCategory: 'Finance',
    description: 'Store, send and swap bitcoin and ethereum in one secure crypto wallet.',
    rating: 4.2,
    votes: { googlePlay: 41_000, appStore: 7_300 },
    installs: 1_000_000,
    price: '0',
    contentLevel: 0,
    countries: null,
    banned: false,
    updatedAt: '2026-05-12T09:00:00.000Z',
  },
];
