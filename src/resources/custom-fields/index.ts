export { CustomFieldInputs, customFieldChanges } from "./custom-field-inputs";
export { CustomFieldValues, formatCustomFieldValue } from "./custom-field-values";
export { useCustomFieldDefinitions } from "./use-custom-field-definitions";
