import dayjs from "dayjs";
import isoWeek from "dayjs/plugin/isoWeek";
import localizedFormat from "dayjs/plugin/localizedFormat";
import updateLocale from "dayjs/plugin/updateLocale";

/**
 * Dates, configured once: English (US), US date format,
 * ISO week numbering, and weeks that start on Monday. antd's pickers read the
 * week start from the same dayjs locale.
 */

const DATE_FORMAT = "MM/DD/YYYY";
const LOCALE = "en";

dayjs.extend(isoWeek);
dayjs.extend(localizedFormat);
dayjs.extend(updateLocale);
dayjs.updateLocale(LOCALE, {
  weekStart: 1,
  formats: {
    LT: "h:mm A",
    LTS: "h:mm:ss A",
    L: DATE_FORMAT,
    LL: "MMMM D, YYYY",
    LLL: "MMMM D, YYYY h:mm A",
    LLLL: "dddd, MMMM D, YYYY h:mm A",
  },
});
dayjs.locale(LOCALE);

export { dayjs };
