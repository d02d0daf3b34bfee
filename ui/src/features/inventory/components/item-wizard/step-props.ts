import type { ItemForm } from "../../utils/item-form";

/** What every step of the item wizard is given: the form as filled so far, and how to change it. */
export interface StepProps {
  form: ItemForm;
  onChange: (change: Partial<ItemForm>) => void;
}
