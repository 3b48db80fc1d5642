// What every data route's options share: the standard error answers. Request and answer
// schemas are in core/api, where the dashboard takes their types too; the re-exports
// below serve the route files that still import them from here.
import { errorAnswer } from "../../core/api/error-answer";

export { idParams } from "../../core/api/id-params";
export { listQuerystring } from "../../core/api/list-query";
export {
  dateTime,
  Nullable,
  NullableObject,
  nullableDateTime,
  nullableString,
  PlainText,
  StringEnum,
} from "../../core/api/schema-types";

/** The standard error answers of a data route, for the OpenAPI document. */
export const dataErrors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };
