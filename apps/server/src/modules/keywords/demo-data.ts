import { APP_STORES, type AppStore } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { OfflineStoreProvider } from '../../providers/store/offline/offline-store-provider.js';
import * as appsRepo from '../apps/apps.repo.js';
import { statusOf } from '../apps/apps.service.js';
import * as repo from './keywords.repo.js';
import { saveStorePlaces, type StorePlace } from './rank-history.repo.js';
import { addDays, measureRanks, saveMeasures, utcDay } from './ranks.js';

/** Days of rank history the demo account starts with. */
export const DEMO_HISTORY_DAYS = 90;
/**
 * Days of who ranks around (the store's places) it starts with: the month the keyword view opens on. All 90
 * would add some 40,000 rows and two seconds to a fresh start on the embedded database.
 */
const DEMO_PLACES_DAYS = 30;

interface DemoApp {
  appstore: AppStore;
  package: string;
  favorite?: boolean;
  favoriteKeywords?: string[];
  /** Country code → keywords (the first country is the main one). */
  keywords: Record<string, string[]>;
}

/** The demo account's apps from the offline catalog: both stores, several countries, one removed. */
const DEMO_TRACKED: DemoApp[] = [
  {
    appstore: APP_STORES.GOOGLE_PLAY,
    package: DEMO_APPS.googlePlay.fitness,
    favorite: true,
    favoriteKeywords: ['home workout', 'step counter', 'yoga'],
    keywords: {
      US: [
        'home workout',
        'workout tracker',
        'fitness',
        'step counter',
        'calorie counter',
        'health',
        'yoga',
        'running',
        'sleep',
        'steps',
        'calories',
        'meditation',
        'planner',
        'gym',
        'weight loss',
      ],
      GB: ['home workout', 'fitness', 'step counter', 'health', 'yoga', 'steps'],
      DE: ['home workout', 'fitness', 'running', 'calories'],
    },
  },
  {
    appstore: APP_STORES.GOOGLE_PLAY,
    package: DEMO_APPS.googlePlay.puzzle,
    favoriteKeywords: ['block puzzle'],
    keywords: {
      US: [
        'block puzzle',
        'puzzle',
        'brain training',
        'puzzle games',
        'brain',
        'word puzzle',
        'game',
        'match',
        'levels',
        'logic',
      ],
    },
  },
  {
    appstore: APP_STORES.APP_STORE,
    package: DEMO_APPS.appStore.fitness,
    keywords: {
      US: ['home workout', 'fitness', 'step counter', 'calorie counter', 'health', 'yoga', 'running', 'gym'],
    },
  },
  {
    appstore: APP_STORES.APP_STORE,
    package: DEMO_APPS.appStore.regional,
    keywords: { UA: ['metro', 'kyiv metro', 'bus tickets', 'travel', 'map', 'bus', 'transport'] },
  },
  {
    appstore: APP_STORES.GOOGLE_PLAY,
    package: DEMO_APPS.googlePlay.removed,
    keywords: { US: ['flashlight', 'torch', 'bright flashlight'] },
  },
];

/**
 * Gives the demo user tracked apps with keywords (once: when they have none) and rank history up to
 * today: 90 days at first, then the days missed since the last start. Reruns change nothing else.
 */
export async function seedDemoApps(db: Db, userId: number) {
  const store = new OfflineStoreProvider();
  if ((await appsRepo.appCounts(db, userId)).all === 0) await addDemoApps(db, store, userId);
  await fillDemoHistory(db, store, userId);
}

async function addDemoApps(db: Db, store: OfflineStoreProvider, userId: number) {
  for (const demo of DEMO_TRACKED) {
    const codes = Object.keys(demo.keywords);
    const main = await appsRepo.countryByCode(db, codes[0]!);
    const listing = main && (await store.lookup(demo.appstore, demo.package, main.code));
    if (!main || !listing) continue;
    await db.transaction(async (tx) => {
      const { row } = await appsRepo.insertApp(tx, {
        user_id: userId,
        appstore: demo.appstore,
        package: demo.package,
        country_id: main.id,
        ...appsRepo.listingValues(listing),
        is_alive: !listing.banned,
        is_favorite: demo.favorite ?? false,
      });
      for (const code of codes) {
        const country = await appsRepo.countryByCode(tx, code);
        if (!country) continue;
        const there = await store.lookup(demo.appstore, demo.package, code);
        await appsRepo.insertAppCountry(tx, {
          app_id: row.id,
          country_id: country.id,
          ...statusOf(there, code === main.code),
          icon: there?.icon ?? '',
          title: there?.title ?? '',
          votes: there?.votes ?? 0,
          rating: there?.rating ?? 0,
          content_rating: there?.contentRating ?? '',
          is_pending: false,
          checked_at: new Date(),
        });
        await repo.insertKeywords(
          tx,
          (demo.keywords[code] ?? []).map((keyword) => ({
            app_id: row.id,
            country_id: country.id,
            keyword,
            favorite: demo.favoriteKeywords?.includes(keyword) ?? false,
          })),
        );
      }
    });
  }
}

async function fillDemoHistory(db: Db, store: OfflineStoreProvider, userId: number) {
  const ids = await repo.keywordIdsOfUser(db, userId);
  const targets = await repo.rankTargets(db, ids);
  const lastDays = await repo.lastSampleDays(db, ids);
  const today = utcDay();
  const firstDay = addDays(today, -(DEMO_HISTORY_DAYS - 1));
  // Past days straight into the history (no statistics: they are read once, for today).
  const past: repo.HistoryRow[] = [];
  const pastPlaces: StorePlace[] = [];
  for (let day = firstDay; day < today; day = addDays(day, 1)) {
    const due = targets.filter((target) => (lastDays.get(target.id) ?? '') < day);
    if (!due.length) continue;
    const fresh = due.map((target) => ({ ...target, stats_checked_at: new Date() }));
    const checked_at = new Date(`${day}T00:30:00Z`);
    const { measures, places } = await measureRanks(store, fresh, day);
    if (day >= addDays(today, -DEMO_PLACES_DAYS)) pastPlaces.push(...places);
    for (const measure of measures) {
      past.push({
        keyword_id: measure.id,
        day,
        rank: measure.rank,
        state: measure.state,
        source: 'daily',
        checked_at,
      });
    }
  }
  await repo.insertHistory(db, past);
  await saveStorePlaces(db, pastPlaces);
  // Today through the normal path, so the keywords carry their rank, change and statistics.
  const due = targets.filter((target) => (lastDays.get(target.id) ?? '') < today);
  if (due.length) {
    const { measures, places } = await measureRanks(store, due, today);
    await saveMeasures(db, measures, { day: today, source: 'daily', places });
  }
}
