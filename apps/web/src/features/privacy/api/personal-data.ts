import { useMutation } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { personalDataCountRow, type PersonalDataRequest } from '@steward/contract/privacy';
import { apiPost } from '../../../lib/api-client.ts';

const countsAnswer = rowsAnswer(personalDataCountRow);

/** POST /api/personal-data/find: how many rows of each store are about the visitor named. */
export const findPersonalData = async (request: PersonalDataRequest) => (await apiPost('/api/personal-data/find', request, countsAnswer)).data.rows;

/** POST /api/personal-data/erase: erases them; answers the counts erased. */
export const erasePersonalData = async (request: PersonalDataRequest) => (await apiPost('/api/personal-data/erase', request, countsAnswer)).data.rows;

export const useFindPersonalData = () => useMutation({ mutationFn: findPersonalData });

export const useErasePersonalData = () => useMutation({ mutationFn: erasePersonalData });
