import { MESSAGES, type UserFormValues } from '@ateliermarkt/contract';
import { Modal } from '@mantine/core';
import { notifySuccess } from '../../../components/notify.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { useCreateWorkshopUser } from '../api/workshop-users.ts';
import { UserFormFields, useUserForm } from './user-form.tsx';

const EMPTY: UserFormValues = {
  userName: '',
  name: '',
  surname: '',
  email: '',
  phoneNumber: '',
  role: 'user',
  password: '',
  passwordConfirmation: '',
};

export type AddUserModalProps = { opened: boolean; onClose: () => void };

export function AddUserModal({ opened, onClose }: AddUserModalProps) {
  const create = useCreateWorkshopUser();
  const form = useUserForm('add', EMPTY);
  const close = () => {
    form.reset();
    onClose();
  };
  const unsaved = useUnsavedChanges(form.isDirty());
  const submit = form.onSubmit((v) =>
    create.mutate(
      {
        userName: v.userName.trim(),
        name: v.name.trim(),
        surname: v.surname.trim(),
        email: v.email.trim(),
        phoneNumber: v.phoneNumber.trim() || null,
        roleNames: [v.role],
        password: v.password,
      },
      {
        onSuccess: () => {
          unsaved.release();
          notifySuccess(MESSAGES.userSaved);
          close();
        },
        onError: (error) => form.showServerError(error),
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={close} title="Gebruiker toevoegen" size="lg" radius="lg">
      <form noValidate onSubmit={submit} aria-label="Gebruiker toevoegen">
        <UserFormFields
          form={form}
          mode="add"
          submitLabel="Gebruiker toevoegen"
          pending={create.isPending}
          onCancel={close}
        />
      </form>
    </Modal>
  );
}
