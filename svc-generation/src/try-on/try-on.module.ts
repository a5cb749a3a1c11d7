import { Module } from '@nestjs/common';
import { TryOnController } from './try-on.controller.js';
import { TryOnService } from './try-on.service.js';

@Module({ controllers: [TryOnController], providers: [TryOnService] })
export class TryOnModule {}
