import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';

/** A user id from a path or a body: a positive integer in the id range; anything else names no user (404, like an unknown one). */
export function parseUserId(raw: string | number): number {
  const id = parseId(String(raw));
  if (id === null) throw new AppError('user_not_found');
  return id;
}
