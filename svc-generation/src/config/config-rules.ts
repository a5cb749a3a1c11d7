import type { ProviderName } from '@vton/contracts';
import { IsNotEmpty, ValidateIf } from 'class-validator';

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
