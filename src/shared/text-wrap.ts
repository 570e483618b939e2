/**
 * Terminal text at most 100 columns wide: a long line breaks at spaces, and each continuation keeps the
 * line's own indent plus `hang` spaces, so a help summary or a what-if list item stays readable in a
 * standard terminal. A single word longer than the width (a path) is left whole.
 */
export const CLI_WIDTH = 100;

/** Wraps one or more lines (split at "\n") to `width` columns. */
export function wrapLines(text: string, opts: { width?: number; hang?: number } = {}): string {
  const width = opts.width ?? CLI_WIDTH;
  return text
    .split('\n')
    .map((line) => wrapOne(line, width, opts.hang ?? 2))
    .join('\n');
}

function wrapOne(line: string, width: number, hang: number): string {
  if (line.length <= width) return line;
  const indent = /^ */.exec(line)![0];
  const rest = ' '.repeat(indent.length + hang);
  const words = line.slice(indent.length).split(' ');
  const out: string[] = [];
  let current = indent;
  let empty = true;
  for (const word of words) {
    if (!empty && current.length + 1 + word.length > width) {
      out.push(current);
      current = rest + word;
    } else current = empty ? current + word : `${current} ${word}`;
    empty = false;
  }
  out.push(current);
  return out.join('\n');
}
