import { Field, inputClass } from "./ui";

/** A whole number from 0 to `max` with its label and hint (the settings' counts, days and hours). */
export function NumberSetting(props: {
  id: string;
  label: string;
  hint: string;
  name: string;
  max: number;
  value: number;
}) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint}>
      <input
        id={props.id}
        name={props.name}
        type="number"
        min={0}
        max={props.max}
        defaultValue={props.value}
        aria-describedby={`${props.id}-hint`}
        className={inputClass}
      />
    </Field>
  );
}
