/** A column whose heading needs classes beyond the table's own, such as `text-right` over figures. */
export interface HeadingColumn {
  label: string;
  className: string;
}

interface ColumnHeadingsProps {
  /** Each column's heading: its text, or its text and the classes of its own. */
  columns: readonly (string | HeadingColumn)[];
  /** The padding and wrapping every heading cell of this table shares. */
  cellClassName: string;
}

/** A plain table's heading row: one `th scope="col"` a column, so that each cell is read with its column. */
export function ColumnHeadings({ columns, cellClassName }: ColumnHeadingsProps) {
  return (
    <tr>
      {columns.map((column) => {
        const { label, className } = typeof column === "string" ? { label: column, className: null } : column;
        return (
          <th key={label} scope="col" className={className ? `${cellClassName} ${className}` : cellClassName}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}
