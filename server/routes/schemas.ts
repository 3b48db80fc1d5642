// What every data route's options share: the standard error answers. Request and answer
// schemas are in core/api, where the dashboard takes their types too.
import { errorAnswer } from "../../core/api/error-answer";

/** The standard error answers of a data route, for the OpenAPI document. */
export const dataErrors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };
