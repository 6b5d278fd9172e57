/** Registration flow pages (profile, feedback, chat steps, team invite and captain), with the chat-group loader. */
export {
  AccountCreatedPage,
  CaptainPickedPage,
  ProfileAgePage,
  ProfileCreatePage,
  ProfileGatePage,
} from '../features/registration/profile-pages';
export { ProfileSuccessPage, RegistrationWechatPage } from '../features/registration/success-pages';
export { ProfileVerifyPage } from '../features/session/verify-page';
export { PickCaptainPage } from '../features/teams/captain-pages';
export { TeamInvitePage } from '../features/teams/invite-page';
export { wechatLoader } from './wechat-loader';
