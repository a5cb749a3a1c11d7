import 'reflect-metadata';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';

/** Thrown when the environment does not satisfy a service's configuration class. */
export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigurationError';
  }
}

/**
 * Reads the variables a configuration class declares from `env`, applies its defaults and
 * validates it. Only declared variables are read, so the rest of the environment never
 * leaks into the config object. Empty strings count as unset.
 */
export function loadConfig<T extends object>(configClass: ClassConstructor<T>, env: NodeJS.ProcessEnv = process.env): T {
  const declared = declaredVariables(configClass);
  const plain: Record<string, string> = {};
  for (const name of declared) {
    const value = env[name];
    if (value !== undefined && value !== '') plain[name] = value;
  }
  const config = plainToInstance(configClass, plain, { exposeDefaultValues: true });
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length) throw new ConfigurationError(errors.map(firstProblem));
  return config;
}

function declaredVariables(configClass: ClassConstructor<object>): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(configClass, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))];
}

function firstProblem(error: ValidationError): string {
  const messages = Object.values(error.constraints ?? {});
  return messages[0] ?? `${error.property} is invalid`;
}

/** `@Transform` helper for flags: only 'false', '0', 'no' and 'off' turn a flag off. */
export function parseFlag({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  return value;
}

/** `@Transform` helper for numbers written in the environment. */
export function parseNumber({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string' || value.trim() === '' || Number.isNaN(Number(value))) return value;
  return Number(value);
}
