// A pipeline's identifier (conventions.md: lowercase letters, digits and underscores, starting
// with a letter), derived from its name.

export function identifierOf(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(id) ? id : `p_${id}`;
}
