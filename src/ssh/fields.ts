// Checks of the variable fields the service constrains (conventions.md), made before sending so
// that the user can fix a value while still typing it. Pure: no editor.

/** Variable key: a letter or underscore, then letters, digits and underscores. */
export const VARIABLE_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** File mode of a file-type variable: three or four octal digits, as a string. */
export const FILE_CHMOD_PATTERN = /^[0-7]{3,4}$/;

export type FieldProblem = 'empty' | 'invalid';

/** Why `key` cannot be a variable key, or undefined when it can. */
export function checkVariableKey(key: string): FieldProblem | undefined {
  if (key === '') {
    return 'empty';
  }
  return VARIABLE_KEY_PATTERN.test(key) ? undefined : 'invalid';
}

/** Why `mode` cannot be a file_chmod value, or undefined when it can. */
export function checkFileChmod(mode: string): FieldProblem | undefined {
  if (mode === '') {
    return 'empty';
  }
  return FILE_CHMOD_PATTERN.test(mode) ? undefined : 'invalid';
}
