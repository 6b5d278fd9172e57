/**
 * The first member name that appears twice in one object of a JSON text, or null. JSON.parse keeps
 * the last of two members with one name, so `{"role":"player","role":"admin"}` would be read as
 * something a validator, a log or a proxy in front may have read differently; JSON:API (and RFC 8259
 * §4: names SHOULD be unique) documents with a duplicated member are refused instead.
 *
 * Expects a text JSON.parse accepted: it only tracks nesting, strings and which string is a name.
 */
export function duplicateMember(text: string): string | null {
  type Frame = { names: Set<string>; expectName: boolean } | null;
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') {
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (top?.expectName) {
        const name = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.names.has(name)) return name;
        top.names.add(name);
        top.expectName = false;
      }
      i = end + 1;
      continue;
    }
    if (char === '{') stack.push({ names: new Set(), expectName: true });
    else if (char === '[') stack.push(null);
    else if (char === '}' || char === ']') stack.pop();
    else if (char === ',') {
      const top = stack.at(-1);
      if (top) top.expectName = true;
    }
    i++;
  }
  return null;
}

/** Index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i;
}
