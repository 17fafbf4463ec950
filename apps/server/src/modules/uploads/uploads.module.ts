/**
 * The uploads module as a value (docs/api.md §17); the `Uploads` handle is in the kernel. Multipart
 * is parsed only inside this module's scope: every other route keeps refusing multipart bodies.
 */
import fastifyMultipart from '@fastify/multipart';
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerUploadRoutes, uploadMultipartOptions } from './uploads.routes.js';

export function createUploadsModule(kernel: Kernel): ModuleSpec {
  return {
    name: 'uploads',
    userRoutes: async (app) => {
      await app.register(async (scope) => {
        await scope.register(fastifyMultipart, uploadMultipartOptions);
        registerUploadRoutes(scope, kernel.route, kernel.uploads);
      });
    },
  };
}
