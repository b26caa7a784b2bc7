// CSV of a statistics table: RFC 4180 quoting, and a leading ', so a value starting with
// = + - @ (a hostile path or campaign) is never read as a formula by a spreadsheet.
export function toCsv(header: string[], rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    let text = String(value)
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
    return /[",\n\r;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
  }
  // A BOM so spreadsheets read the accents as UTF-8.
  return '\uFEFF' + [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
}
