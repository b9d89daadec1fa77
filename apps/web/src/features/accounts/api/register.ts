import { useMutation } from '@tanstack/react-query';
import { registerAnswer, type RegisterRequest } from '@steward/contract/accounts';
import { apiPost } from '../../../lib/api-client.ts';

export const register = (request: RegisterRequest) => apiPost('/api/register', request, registerAnswer);

export const useRegister = () => useMutation({ mutationFn: register });
