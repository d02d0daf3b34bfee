import type { ItemForm } from "../../utils/item-form";

/**
 * A change to the form: the new fields, or how to compute them from the form as it is by then (for two
 * changes made in one event, such as a date and whether it is valid).
 */
export type FormChange = Partial<ItemForm> | ((current: ItemForm) => Partial<ItemForm>);

/** What every step of the item wizard is given: the form as filled so far, and how to change it. */
export interface StepProps {
  form: ItemForm;
  onChange: (change: FormChange) => void;
}
