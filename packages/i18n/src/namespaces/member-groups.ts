import da from '../locales/da/member-groups.json';
import en from '../locales/en/member-groups.json';
import { defineNamespace } from '../translator';

export const memberGroupsMessages = defineNamespace('member-groups', en, da);
