import { fieldStyles, selectStyles } from "../../../components/ui/field-styles";

/** A GET filter's select (no form state: the URL holds the filter). */
export function PlainSelect({
  name,
  label,
  value,
  all,
  choices,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  all: string;
  choices: { value: string | number; text: string }[];
}) {
  const id = `questions-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={`mt-1 ${selectStyles}`}>
        <option value="">{all}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    </div>
  );
}
