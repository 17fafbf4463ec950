/** ISO weekdays (1 = Monday … 7 = Sunday) as the back office shows and picks them (deposit channel windows). */
const dayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** ISO weekdays as text: "every day", "Mon–Fri", or a list ("Mon, Wed, Sat"). */
export function formatDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  if (sorted.length === 0) return 'no days';
  if (sorted.length === 7) return 'every day';
  const isRun = sorted.every((day, index) => index === 0 || day === (sorted[index - 1] ?? 0) + 1);
  const name = (day: number) => dayNames[day - 1] ?? String(day);
  if (isRun && sorted.length > 2) return `${name(sorted[0] ?? 1)}–${name(sorted[sorted.length - 1] ?? 7)}`;
  return sorted.map(name).join(', ');
}

export const isoDayOptions = dayNames.map((label, index) => ({ label, value: index + 1 }));
