import da from '../locales/da/members.json';
import en from '../locales/en/members.json';
import { defineNamespace } from '../translator';

export const membersMessages = defineNamespace('members', en, da);
