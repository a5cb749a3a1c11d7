import { ErrorCode, MAX_JSON_DEPTH } from '@vton/contracts';
import { ApiException } from './api-exception.js';

/**
 * Control characters no text field of the product carries. Tab, line feed and carriage return
 * stay (a prompt may span lines); NUL and the rest are refused, because Postgres cannot store
 * NUL in text or JSON and the others only ever arrive by mistake or on purpose.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export interface InputProblem {
  path: string[];
  message: string;
}

const label = (path: string[]) => (path.length ? path.join('.') : 'The request');

/**
 * The first problem of a value that came from outside (a JSON body, a query, a path or form
 * fields): nesting deeper than MAX_JSON_DEPTH, or a control character in any text or key. It
 * walks without recursion, so even a hostile depth costs nothing before it is refused.
 */
export function findInputProblem(value: unknown, basePath: string[] = []): InputProblem | undefined {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: basePath, depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (CONTROL_CHARACTERS.test(current)) return { path, message: `${label(path)} must not contain control characters` };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_JSON_DEPTH) {
      // Named by the field it starts in: that is the one the caller has to fix.
      const field = path.slice(0, basePath.length + 1);
      return { path: field, message: `${label(field)} is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` };
    }
    const entries: [string, unknown][] = Array.isArray(current) ? current.map((item, i) => [String(i), item]) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i];
      const itemPath = [...path, key];
      if (CONTROL_CHARACTERS.test(key)) return { path: itemPath, message: `${label(path)} must not have a key with control characters` };
      stack.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Throws the product's 400 (VALIDATION_FAILED, the problem as message and issue) for a bad value. */
export function assertCleanInput(value: unknown, basePath: string[] = []): void {
  const problem = findInputProblem(value, basePath);
  if (problem) throw new ApiException(400, ErrorCode.VALIDATION_FAILED, problem.message, { issues: [problem] });
}
