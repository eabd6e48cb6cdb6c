import da from '../locales/da/knowledge-base.json';
import en from '../locales/en/knowledge-base.json';
import { defineNamespace } from '../translator';

export const knowledgeBaseMessages = defineNamespace('knowledge-base', en, da);
