import type { ProviderName } from '@vton/contracts';
import { HttpUrl } from '@vton/service-kit';
import { IsNotEmpty, IsOptional, ValidateIf } from 'class-validator';

interface ChosenProviders {
  VTON_PROVIDER?: string;
  PLACEMENT_PROVIDER?: string;
}

/** A secret the chosen provider cannot work without (as VTON_PROVIDER or PLACEMENT_PROVIDER): checked at start, never logged. */
export function RequiredFor(provider: ProviderName): PropertyDecorator {
  return (target, key) => {
    ValidateIf((config: ChosenProviders) => config.VTON_PROVIDER === provider || config.PLACEMENT_PROVIDER === provider)(target, key);
    IsNotEmpty({
      message: (args: { object: object }) => `${String(key)} is required when ${(args.object as ChosenProviders).VTON_PROVIDER === provider ? 'VTON_PROVIDER' : 'PLACEMENT_PROVIDER'}=${provider}`,
    })(target, key);
  };
}

/** A URL that may be left unset (the code, or the SDK it configures, then uses its own). */
export function OptionalHttpUrl(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    HttpUrl()(target, key);
  };
}

/** A provider's *_MODEL: it may be changed, not emptied (the provider would be called with no model). */
export function ModelName(): PropertyDecorator {
  return IsNotEmpty({ message: ({ property }) => `${property} must not be empty` });
}
