import type { ProviderName } from '@vton/contracts';
import { parseNumber } from '@vton/service-kit';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsUrl, Max, Min, ValidateIf } from 'class-validator';

/** The rules svc-generation's variables are declared with, here and in each provider's folder. */

/** Several property decorators as one. */
export const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((d) => d(target, key));

export const wholeNumber = (name: string, min: number, max: number) => [
  Transform(parseNumber),
  IsInt({ message: `${name} must be a whole number between ${min} and ${max}` }),
  Min(min, { message: `${name} must be a whole number between ${min} and ${max}` }),
  Max(max, { message: `${name} must be a whole number between ${min} and ${max}` }),
];

export const httpUrl = (name: string) => IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: `${name} must be an http(s) URL` });

interface ChosenProviders {
  VTON_PROVIDER?: string;
  PLACEMENT_PROVIDER?: string;
}

/** A secret the chosen provider cannot work without (as VTON_PROVIDER or PLACEMENT_PROVIDER): checked at start, never logged. */
export const requiredFor = (provider: ProviderName, name: string) => [
  ValidateIf((config: ChosenProviders) => config.VTON_PROVIDER === provider || config.PLACEMENT_PROVIDER === provider),
  IsNotEmpty({
    message: (args: { object: object }) => `${name} is required when ${(args.object as ChosenProviders).VTON_PROVIDER === provider ? 'VTON_PROVIDER' : 'PLACEMENT_PROVIDER'}=${provider}`,
  }),
];
