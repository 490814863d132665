import type { UseFormReturnType } from '@mantine/form';
import type { LogbookFormValues } from '../../form-model';

export type LogbookForm = UseFormReturnType<LogbookFormValues>;
