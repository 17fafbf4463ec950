/**
 * Data every installation needs (legal texts) and, with DEMO=1, the demo data: each module's
 * `seed` (kernel/kernel.ts `ModuleSeed`), run in the order of the module list (app.ts), each after
 * the modules it names in `after`. The app runs them once built, before its jobs start
 * (`buildApp`'s `seed` option). Idempotent: running them again adds nothing.
 */
import { languages, legalKinds } from '@brokerage/contract';
import type { ModuleSpec, SeedContext, SeedNote } from '../kernel/kernel.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db.js';
import { storeLegal } from '../modules/common/index.js';
import { LEGAL_VERSION, legalTexts } from './legal-texts.js';

export async function seedEssentials(db: Db, clock: Clock): Promise<void> {
  for (const lang of languages) {
    for (const kind of legalKinds) {
      const text = legalTexts[lang][kind];
      await storeLegal(db, {
        kind,
        version: LEGAL_VERSION,
        lang,
        title: text.title,
        content: text.content,
        updatedAt: clock.now(),
      });
    }
  }
}

/**
 * Checks that every seed's `after` names an earlier module with a seed: the list order is the
 * seeding order, so a seed never runs before the data it needs.
 */
export function checkSeedOrder(specs: readonly Pick<ModuleSpec, 'name' | 'seed'>[]): void {
  const seeded = new Set<string>();
  for (const spec of specs) {
    for (const before of spec.seed?.after ?? []) {
      if (!seeded.has(before)) {
        throw new Error(`the seed of ${spec.name} needs ${before}'s, which is not earlier in the module list`);
      }
    }
    if (spec.seed) seeded.add(spec.name);
  }
}

/** Runs the modules' seeds in list order; what they made to print once (`npm start`). */
export async function seedDemo(
  specs: readonly Pick<ModuleSpec, 'name' | 'seed'>[],
  context: SeedContext,
): Promise<SeedNote[]> {
  checkSeedOrder(specs);
  const notes: SeedNote[] = [];
  for (const spec of specs) {
    const made = await spec.seed?.run(context);
    if (made) notes.push(...made);
  }
  return notes;
}
