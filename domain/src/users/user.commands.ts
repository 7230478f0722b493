export interface RegisterUser {
  type: 'RegisterUser';
  data: {
    userId: string;
    username: string;
    email: string;
    passwordHash: string;
    isAdmin: boolean;
    /** The time the command was issued (deciders never read a clock). */
    now: string;
  };
}

export type UserCommand = RegisterUser;
