/** The My Team tab and its sub-pages, with the chat-group loader. */
export { ChangeCaptainPage } from '../features/teams/captain-pages';
export { KickPlayerPage, WithdrawPage } from '../features/teams/confirm-pages';
export { LockRosterPage } from '../features/teams/lock-roster-page';
export { MyTeamPage as MyClanPage } from '../features/teams/my-team-page';
export { SelectionPage as ManageTeamPage } from '../features/teams/selection-page';
export { MyClanWechatPage } from '../features/teams/wechat-page';
export { myClanLoader } from './my-clan-loader';
export { wechatLoader } from './wechat-loader';
