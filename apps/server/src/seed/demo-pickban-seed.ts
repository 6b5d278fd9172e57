import type { VetoStarterRule, VetoStep } from '@cwh/domain';
import type { Db } from '../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../db/unit-of-work.js';
import { createEventRepository } from '../features/events/event-repository.js';
import { createPickbanRepository } from '../features/match-room/pickban-repository.js';
import { createSegmentRepository } from '../features/segments/segment-repository.js';

/*
 * DEMO ONLY: the pick and ban of the demo season (spec 7, #13). Each current event gets a category
 * of war rules with its items, and its stage segments a veto order; the challenges of their series
 * open when an app starts on the database (the stages are seeded before any app runs). Idempotent:
 * a category that exists (by event and name) is kept with its items, a segment's veto is rewritten
 * to the same values.
 */

interface DemoVeto {
  eventSlug: string;
  category: string;
  items: readonly { name: string; description: string }[];
  segments: readonly { slug: string; steps: VetoStep[]; starter: VetoStarterRule; turnSeconds: number }[];
}

const BAN_BAN_PICK_PICK: VetoStep[] = [
  { action: 'ban', count: 1 },
  { action: 'ban', count: 1 },
  { action: 'pick', count: 1 },
  { action: 'pick', count: 1 },
];

const WAR_RULES = [
  { name: 'No Heroes', description: 'Heroes stay home for the whole war.' },
  { name: 'No Siege Machines', description: 'Clan Castle troops only, no siege machine.' },
  { name: 'No Super Troops', description: 'Boosted troops are not allowed.' },
  { name: 'Spell cap', description: 'At most four spells per attack.' },
  { name: 'No Clan Castle troops', description: 'Attacks start with an empty Clan Castle.' },
  { name: 'Hero Equipment locked', description: 'Heroes fight with their default equipment.' },
] as const;

const DEMO_VETOES: readonly DemoVeto[] = [
  {
    eventSlug: 'championship-current',
    category: 'War rules',
    items: WAR_RULES,
    segments: [
      { slug: 'monthly-qualifier', steps: BAN_BAN_PICK_PICK, starter: 'higher_seed', turnSeconds: 600 },
    ],
  },
  {
    eventSlug: 'town-hall-cup-current',
    category: 'Battle modifiers',
    items: WAR_RULES,
    segments: [
      { slug: 'town-hall-cup-th9-finals', steps: BAN_BAN_PICK_PICK, starter: 'home', turnSeconds: 600 },
    ],
  },
];

export interface DemoPickbanSummary {
  categories: number;
  items: number;
  vetoes: number;
}

/** Seeds the demo categories, items and segment vetoes (see the file comment). */
export async function seedDemoPickban(
  db: Db,
  options: { now: Date; tenant?: string },
): Promise<DemoPickbanSummary> {
  const tenant = options.tenant ?? 'global';
  const repo = createPickbanRepository(db);
  const summary: DemoPickbanSummary = { categories: 0, items: 0, vetoes: 0 };
  for (const demo of DEMO_VETOES) {
    const event = await createEventRepository(db).findBySlug(tenant, demo.eventSlug);
    if (!event) continue;
    await runInUnitOfWork({ db, now: () => options.now }, SYSTEM_ACTOR, async (tx) => {
      let category = (await repo.categories(tenant, event.id, tx)).find((c) => c.name === demo.category);
      if (!category) {
        category = await repo.insertCategory(
          { tenant, eventId: event.id, name: demo.category, sortOrder: 1, createdAt: options.now },
          tx,
        );
        summary.categories++;
        for (const [index, item] of demo.items.entries()) {
          await repo.insertItem(
            { categoryId: category.id, ...item, sortOrder: index + 1, createdAt: options.now },
            tx,
          );
          summary.items++;
        }
      }
      for (const veto of demo.segments) {
        const segment = await createSegmentRepository(tx).findBySlug(event.id, veto.slug, tx);
        if (!segment) continue;
        const { slug: _slug, ...values } = veto;
        await repo.upsertSegmentVeto(
          { segmentId: segment.id, categoryId: category.id, ...values, updatedAt: options.now },
          tx,
        );
        summary.vetoes++;
      }
    });
  }
  return summary;
}
