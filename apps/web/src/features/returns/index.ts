/** The returns feature (docs/api.md §24.1–§24.2): the Returns page, its calendar and donuts. */
export { Donut } from './Donut';
export { PnlCalendar } from './PnlCalendar';
