// The cells of the investments admin's tables.

export const headCellClass = "py-2 pr-3 font-medium";
export const numberCellClass = "py-2 pr-3 text-right tabular-nums whitespace-nowrap";
