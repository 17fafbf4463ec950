/** Demo notices (docs/api.md §21, DEMO=1): fixed ids, so seeding twice adds nothing. */
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { publishNotice } from './notices.service.js';

export async function seedNotices(db: Db, clock: Clock): Promise<void> {
  await publishNotice(db, clock, {
    id: 'nt_welcome',
    title: 'Welcome to Meridian Securities',
    content: '<p>Verify your real name, bind a card and make your first deposit to start trading.</p>',
  });
  await publishNotice(db, clock, {
    id: 'nt_hours',
    title: 'Trading hours',
    content:
      '<p>Mexico 08:30–15:00 (Mexico City), United States 09:30–16:00 with pre-market 04:00–09:30 and after-hours 16:00–20:00 (New York), Spain 09:00–17:30 (Madrid). Digital currencies trade around the clock.</p>',
  });
  await publishNotice(db, clock, {
    id: 'nt_withdraw',
    title: 'Withdrawal window',
    content:
      '<p>Withdrawals are accepted on business days 09:30–24:00 (Mexico City). Every rule that could hold a withdrawal is shown before you submit.</p>',
  });
}
