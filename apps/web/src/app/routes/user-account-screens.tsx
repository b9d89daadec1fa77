import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { canChangePassword, canDeleteUser, canManageOwnSecondFactor, canManageOwnSessions, canManageOwnWeeklyReport, canSeeAddUserLink } from '@steward/contract/permissions';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form.tsx';
import { SecondFactorSettings } from '../../features/auth/components/second-factor-settings.tsx';
import { currentUserQueryKey, useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { forgetSignedInUser } from '../../features/auth/api/logout.ts';
import { useSecondFactorStatus } from '../../features/auth/api/own-second-factor.ts';
import { OwnSessions } from '../../features/sessions/components/own-sessions.tsx';
import { UserAccountsList } from '../../features/user-accounts/components/user-accounts-list.tsx';
import { UserDetail } from '../../features/user-accounts/components/user-detail.tsx';
import { WeeklyReportOptIn } from '../../features/weekly-report/components/weekly-report-opt-in.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';

export function UserAccountsScreen() {
  const user = useSignedInUser();
  const { page } = useParams();
  return (
    <UserAccountsList
      pageIndex={pageIndexFromRoute(page)}
      viewerId={user.id}
      showsAddUserLink={canSeeAddUserLink(user)}
      canDeleteUsers={canDeleteUser(user)}
    />
  );
}

export function UserDetailScreen() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Second Factor only once the policy offers or requires one, or the member has one (off by default: the spec's screen).
  const secondFactor = useSecondFactorStatus(user.id, canManageOwnSecondFactor(user, user.id));
  // OwnAccountGate let us in, so this is the viewer's own account; deleting it ends the session.
  // The weekly report's opt-in only while offered (or still received): off by default, so the spec's screen.
  return (
    <>
      <UserDetail
        userId={user.id}
        showsChangePasswordLink={canChangePassword(user, user.id)}
        showsSecondFactorLink={secondFactor.data?.available === true}
        // Sessions follows the same opt-in (Sign-in security offers or requires a second factor): the spec's screen by default.
        showsSessionsLink={secondFactor.data?.available === true && canManageOwnSessions(user, user.id)}
        canDeleteUser={canDeleteUser(user)}
        onDeleted={() => {
          queryClient.clear();
          queryClient.setQueryData(currentUserQueryKey, null);
          void navigate('/', { replace: true });
        }}
      />
      {canManageOwnWeeklyReport(user, user.id) ? <WeeklyReportOptIn userId={user.id} /> : null}
    </>
  );
}

export function ChangePasswordScreen() {
  const user = useSignedInUser();
  return <ChangePasswordForm userId={user.id} />;
}

export function SecondFactorScreen() {
  const user = useSignedInUser();
  return <SecondFactorSettings userId={user.id} />;
}

export function SessionsScreen() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  return <OwnSessions userId={user.id} onEndedThisSession={() => forgetSignedInUser(queryClient)} />;
}

export { AddUserForm } from '../../features/user-accounts/components/add-user-form.tsx';
