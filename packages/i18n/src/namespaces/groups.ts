import da from '../locales/da/groups.json';
import en from '../locales/en/groups.json';
import { defineNamespace } from '../translator';

export const groupsMessages = defineNamespace('groups', en, da);
